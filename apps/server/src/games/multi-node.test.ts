import { randomBytes } from 'node:crypto';
import type { Centrifuge } from 'centrifuge';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { redisUrl } from '../realtime/test-redis.js';
import { until } from '../realtime/test-support.js';
import {
  bonusBalance,
  createRoom,
  listen,
  newPlayer,
  playToEnd,
  rng,
  seatAndReady,
  type Captured,
  type TestPlayer,
} from '../rooms/test-support.js';
import { createTestDatabase } from '../test-support/database.js';
import { request } from '../test-support/http.js';
import { startServerProcess, toTestStderr, type ServerProcess } from '../test-support/server-process.js';
import type { GameRecord } from '@durak/protocol';
import { replay, secrecyViolations } from './test-secrecy.js';

const redis = redisUrl();
const databaseUrl = process.env.DATABASE_URL;
// Under CI the shared PostgreSQL and Redis are given (.ci/run): these games must run, never skip.
if (process.env.CI === 'true' && (redis === undefined || databaseUrl === undefined)) {
  throw new Error('CI=true needs DATABASE_URL and REDIS_URL: the multi-node games must run, not skip');
}
const nodes: ServerProcess[] = [];
const clients: Centrifuge[] = [];
const cleanups: (() => Promise<void>)[] = [];

afterAll(async () => {
  for (const c of clients) c.disconnect();
  for (const node of nodes) await node.kill();
  for (const cleanup of cleanups) await cleanup();
});

/** A real server process (src/main.ts) on its own port, sharing the database and Redis. */
async function startNode(env: Record<string, string>): Promise<string> {
  const node = await startServerProcess(
    {
      ...env,
      AUTH_RATE_LIMIT: '0',
      ACTIONS_PER_SECOND: '10000',
      LOG_LEVEL: 'warn',
      ARGON2_MEMORY_KIB: '1024',
      ARGON2_TIME_COST: '1',
      TIMER_SWEEP_MS: '250',
    },
    { inheritEnv: true, onStderr: toTestStderr },
  );
  nodes.push(node);
  return node.url;
}

describe.runIf(redis !== undefined && databaseUrl !== undefined)('two server processes sharing PostgreSQL and Redis', () => {
  it('play games to the end with the players spread across both nodes; timers fire on either node', async () => {
    const database = await createTestDatabase();
    cleanups.push(database.drop);
    // No time bank: the test waits for turn timers to fire, and a bank would add 30 s to each. Once
    // a timer ran out the computer plays that seat (the stand-in) at its pause: a short one here.
    const shared = {
      DATABASE_URL: database.url!,
      REDIS_URL: redis!,
      REDIS_PREFIX: `durak-test-${randomBytes(4).toString('hex')}`,
      JWT_SECRET: randomBytes(32).toString('hex'),
      TURN_SECONDS: '2',
      TIME_BANK_SECONDS: '0',
      BOT_DELAY_MS: '50-100',
    };
    // One after the other: the first applies the migrations, the second finds them applied.
    const a = await startNode(shared);
    const b = await startNode(shared);
    const nodes = [a, b];

    for (const count of [2, 3]) {
      const players: TestPlayer[] = [];
      for (let i = 0; i < count; i++) players.push(await newPlayer(nodes[i % 2]!));
      const roomId = await createRoom(players[0]!.url!, players[0]!, { player_count: count });
      const captured: Captured[] = [];
      for (const p of players)
        clients.push(await listen(`${p.url!.replace('http', 'ws')}/connection/websocket`, p, [`room:${roomId}`, `#${p.id}`], captured));
      const before = await Promise.all(players.map((p) => bonusBalance(p.url!, p)));
      await seatAndReady(a, roomId, players);
      // Each player acts on its own node.
      const { answers } = await playToEnd(a, roomId, players, rng(count));
      // Each player hears the end on its own node, and got its hands there too.
      await until(() => players.every((p) => captured.some((c) => c.receiver === p.id && c.data.type === 'game_over')), 10_000);
      for (const p of players) expect(captured.some((c) => c.receiver === p.id && c.data.type === 'hand')).toBe(true);
      // Whichever node a message came from, nobody saw another player's hand.
      const record = await request<GameRecord>(`${b}/api/v1/rooms/${roomId}/record`, { token: players[0]!.token });
      const messages = [...captured.map((c) => ({ receiver: c.receiver, body: c.data })), ...answers];
      expect(secrecyViolations(record.body, replay(record.body), messages)).toEqual([]);
      // Each player's balance moved by exactly the signed amount the game published.
      const over = captured.find((c) => c.data.type === 'game_over')!.data as { bets: { playerId: string; amount: string }[] };
      const after = await Promise.all(players.map((p) => bonusBalance(p.url!, p)));
      players.forEach((p, i) =>
        expect(after[i]! - before[i]!).toBe(BigInt(over.bets.find((bet) => bet.playerId === String(p.id))!.amount)),
      );
    }

    // Nobody plays this one: the turn timers fire on whichever node's sweeper gets there first, and
    // the stand-ins they hand the seats to play it to the end from either node. A whole game of
    // stand-ins found by a 250 ms sweep takes about 20 s on a quiet machine; the budget is for a
    // loaded one, where four suites side by side once took it past 30 s.
    const idle = [await newPlayer(a), await newPlayer(b)];
    const idleRoom = await createRoom(a, idle[0]!, {});
    await seatAndReady(a, idleRoom, idle);
    await until(async () => {
      const watch = await fetch(`${b}/api/v1/rooms/${idleRoom}/watch`, { headers: { authorization: `Bearer ${idle[1]!.token}` } });
      return ((await watch.json()) as { status: string }).status === 'FINISHED';
    }, 90_000);

    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const sum = await client.query<{ total: string }>('select coalesce(sum(balance), 0)::text as total from accounts');
    const finished = await client.query<{ n: string }>("select count(*)::text as n from rooms where status = 'FINISHED'");
    await client.end();
    expect(sum.rows[0]!.total).toBe('0');
    expect(finished.rows[0]!.n).toBe('3');
  }, 180_000);
});
