import { randomBytes } from 'node:crypto';
import { chooseAction, legalActions, type GameView } from '@durak/engine';
import type { Centrifuge } from 'centrifuge';
import { afterAll, describe, expect, it } from 'vitest';
import { redisUrl } from '../realtime/test-redis.js';
import { until } from '../realtime/test-support.js';
import { actionBody, createRoom, listen, newPlayer, rng, seatAndReady, type Captured, type TestPlayer } from '../rooms/test-support.js';
import { createTestDatabase } from '../test-support/database.js';
import { request } from '../test-support/http.js';
import { startServerProcess, toTestStderr, type ServerProcess } from '../test-support/server-process.js';

const redis = redisUrl();
const databaseUrl = process.env.DATABASE_URL;
if (process.env.CI === 'true' && (redis === undefined || databaseUrl === undefined)) {
  throw new Error('CI=true needs DATABASE_URL and REDIS_URL: the multi-node stand-in must run, not skip');
}
const nodes: ServerProcess[] = [];
const clients: Centrifuge[] = [];
const cleanups: (() => Promise<void>)[] = [];

afterAll(async () => {
  for (const c of clients) c.disconnect();
  for (const node of nodes) await node.kill();
  for (const cleanup of cleanups) await cleanup();
});

async function startNode(env: Record<string, string>): Promise<ServerProcess> {
  const node = await startServerProcess(
    {
      ...env,
      AUTH_RATE_LIMIT: '0',
      ACTIONS_PER_SECOND: '10000',
      LOG_LEVEL: 'warn',
      ARGON2_MEMORY_KIB: '1024',
      ARGON2_TIME_COST: '1',
      TIMER_SWEEP_MS: '100',
    },
    { inheritEnv: true, onStderr: toTestStderr },
  );
  nodes.push(node);
  return node;
}

interface Watch {
  status: string;
  seq: number;
  seats: Record<string, { stand_in: boolean; result_reason: string | null }>;
}

describe.runIf(redis !== undefined && databaseUrl !== undefined)('the stand-in across two server processes', () => {
  it('a player drops on one node; the computer plays their seat, and goes on from the other node when the first is killed', async () => {
    const database = await createTestDatabase();
    cleanups.push(database.drop);
    // Turn timers of 10 minutes never fire here: every move of the dropped player is the stand-in's.
    const shared = {
      DATABASE_URL: database.url!,
      REDIS_URL: redis!,
      REDIS_PREFIX: `durak-test-${randomBytes(4).toString('hex')}`,
      JWT_SECRET: randomBytes(32).toString('hex'),
      TURN_SECONDS: '600',
      TIME_BANK_SECONDS: '0',
      STAND_IN_SECONDS: '1',
      BOT_DELAY_MS: '100-200',
    };
    const a = await startNode(shared);
    const b = await startNode(shared);
    const ann = await newPlayer(a.url);
    const bob = { ...(await newPlayer(b.url)), url: b.url } satisfies TestPlayer;
    const roomId = await createRoom(a.url, ann, { player_count: 2 });
    const seen: Captured[] = [];
    const annClient = await listen(`${a.url.replace('http', 'ws')}/connection/websocket`, ann, [`room:${roomId}`], []);
    clients.push(annClient, await listen(`${b.url.replace('http', 'ws')}/connection/websocket`, bob, [`room:${roomId}`], seen));
    await seatAndReady(a.url, roomId, [ann, bob]);
    const watch = async () => (await request<Watch>(`${b.url}/api/v1/rooms/${roomId}/watch`, { token: bob.token })).body;

    // Ann drops on node a; node b hears of it through the room channel and the database.
    annClient.disconnect();
    await until(async () => (await watch()).seats[String(ann.id)]?.stand_in === true, 20_000);
    await until(
      () => seen.some((c) => c.data.type === 'stand_in' && c.data.player_id === String(ann.id) && c.data.stand_in === true),
      5_000,
    );

    // Bob plays on node b; ann's seat moves at the stand-in's pause, from either node's sweeper.
    const random = rng(5);
    let isKilled = false;
    for (let i = 0; i < 2000; i++) {
      const view = (await request<GameView>(`${b.url}/api/v1/rooms/${roomId}/view`, { token: bob.token })).body;
      if (view.status === 'FINISHED') break;
      // A few moves in, node a dies without a goodbye: what it was doing is only in the database.
      if (!isKilled && view.seq >= 6) {
        await a.kill();
        isKilled = true;
      }
      const legal = legalActions(view, String(bob.id));
      const choice = legal.length > 0 ? chooseAction(view, legal, random) : null;
      if (choice) {
        const answer = await request(`${b.url}/api/v1/rooms/${roomId}/${choice.type}`, {
          token: bob.token,
          body: actionBody(choice, view.seq),
        });
        if (answer.status === 200) continue;
      }
      // The table waits for ann: the stand-in moves within a fraction of a second (no timer runs out).
      await until(async () => (await watch()).seq !== view.seq, 10_000);
    }
    expect(isKilled).toBe(true);
    const over = await watch();
    expect(over.status).toBe('FINISHED');
    expect(over.seats[String(ann.id)]!.result_reason).toBe('normal');
    expect(over.seats[String(bob.id)]!.result_reason).toBe('normal');
  }, 180_000);
});
