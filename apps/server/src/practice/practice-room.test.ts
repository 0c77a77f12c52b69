import { applyAction, chooseAction, createGame, legalActions, type GameState, type GameView } from '@durak/engine';
import { roomActionPath, type RoomPayload, type WatchState } from '@durak/protocol';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameRecord } from '@durak/protocol';
import {
  actionBody,
  bonusBalance,
  createClock,
  ledgerSum,
  newPlayer,
  rng,
  type TestClock,
  type TestPlayer,
} from '../rooms/test-support.js';
import { startRoomsServer, type RoomsServer } from '../test-support/rooms-server.js';
import type { Store } from '../store/db.js';
import { playerStats } from '../store/players-schema.js';
import { rooms } from '../store/rooms-schema.js';
import { users } from '../store/schema.js';
import { request } from '../test-support/http.js';
import { createTestStore } from '../test-support/store.js';

const practice = {
  bots: 2,
  bot_level: 'normal',
  deck_size: 36,
  balance_type: 'BONUS_BALANCE',
} as const;

async function createPractice(url: string, creator: TestPlayer, options: Record<string, unknown> = {}): Promise<RoomPayload> {
  const created = await request<RoomPayload>(`${url}/api/v1/rooms/`, { token: creator.token, body: { ...practice, ...options } });
  if (created.status !== 201) throw new Error(`create failed: ${created.status} ${JSON.stringify(created.body)}`);
  return created.body;
}

interface Table {
  readonly server: RoomsServer;
  readonly clock: TestClock;
}

/**
 * One step of the person at a practice table: when their view offers a move the engine's simple
 * bot plays it through the API; otherwise the clock moves on by the longest bot pause and the
 * sweeper fires, which is when the computer players act. Returns false once the game is over.
 */
async function step(
  table: Table,
  roomId: number,
  human: TestPlayer,
  random: () => number,
  log: { pauses: number; humanMoves: number },
): Promise<boolean> {
  const { server, clock } = table;
  const view = (await request<GameView>(`${server.url}/api/v1/rooms/${roomId}/view`, { token: human.token })).body;
  if (view.status === 'FINISHED') return false;
  let legal = legalActions(view, String(human.id));
  for (;;) {
    const choice = chooseAction(view, legal, random);
    if (!choice) break;
    const answer = await request(`${server.url}/api/v1/${roomActionPath(roomId, choice.type)}`, {
      token: human.token,
      body: actionBody(choice, view.seq),
    });
    if (answer.status === 200) {
      log.humanMoves++;
      return true;
    }
    // Secret trump: the view cannot tell trumps, so a defence may be refused; 409: a bot moved first.
    if (answer.status === 422 && view.options.secret_trump_mode) {
      legal = legal.filter((a) => a !== choice);
      continue;
    }
    if (answer.status === 409) return true;
    throw new Error(`${choice.type} refused: ${answer.status} ${JSON.stringify(answer.body)}`);
  }
  // Before the pause has passed no bot moves: it waits like a person would.
  const seq = view.seq;
  await server.module.games.fireDue();
  const early = (await request<GameView>(`${server.url}/api/v1/rooms/${roomId}/view`, { token: human.token })).body;
  if (early.seq !== seq) throw new Error(`a bot moved before its pause (seq ${seq} -> ${early.seq})`);
  clock.advance(1_500);
  await server.module.games.fireDue();
  log.pauses++;
  return true;
}

async function playOut(table: Table, roomId: number, human: TestPlayer, maxSteps = 3000) {
  const log = { pauses: 0, humanMoves: 0 };
  const random = rng(roomId);
  for (let i = 0; i < maxSteps; i++) if (!(await step(table, roomId, human, random, log))) return log;
  throw new Error('the practice game did not end');
}

/** Replays the record: every bot action was legal for the bot at its moment. */
function replayBots(record: GameRecord, botIds: readonly string[], options: Parameters<typeof createGame>[0]): number {
  const created = createGame(
    options,
    record.players.map((p) => p.player_id),
    { seed: record.seed! },
  );
  if (!created.ok) throw new Error(created.error.code);
  let state: GameState = created.state;
  let botMoves = 0;
  for (const { action } of record.actions) {
    if (action.type !== 'timeout' && botIds.includes(action.player)) {
      expect(legalActions(state, action.player)).toContainEqual(action);
      botMoves++;
    }
    const applied = applyAction(state, action);
    if (!applied.ok) throw new Error(`replay refused ${action.type}: ${applied.error.code}`);
    state = applied.state;
  }
  expect(state.phase).toBe('finished');
  return botMoves;
}

describe('practice rooms', () => {
  let server: RoomsServer;
  const clock = createClock(Date.parse('2026-11-24T08:00:00Z'));
  beforeAll(async () => {
    server = await startRoomsServer({ clock });
  });
  afterAll(async () => {
    await server?.close();
  });

  it.each([
    ['no bots', { bots: 0 }, 'bots'],
    ['six bots', { bots: 6 }, 'bots'],
    ['a seat count that leaves a seat empty', { bots: 2, player_count: 4 }, 'bots'],
    ['a stake', { bet_amount: 100 }, 'bet_amount'],
    ['an unknown level', { bot_level: 'grandmaster' }, 'bot_level'],
    ['five bots with 24 cards', { bots: 5, deck_size: 24 }, 'player_count'],
  ])('refuses %s with 400 naming the field', async (_name, patch, field) => {
    const p = await newPlayer(server.url);
    const answer = await request<{ error: { code: string; details: { field: string } } }>(`${server.url}/api/v1/rooms/`, {
      token: p.token,
      body: { ...practice, ...patch },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe('request/invalid');
    expect(answer.body.error.details.field).toBe(field);
  });

  it('refuses a level without bots, and a room of people still needs its bet', async () => {
    const p = await newPlayer(server.url);
    const body = { player_count: 2, deck_size: 36 };
    const withLevel = await request<{ error: { details: { field: string } } }>(`${server.url}/api/v1/rooms/`, {
      token: p.token,
      body: { ...body, bet_amount: 100, bot_level: 'easy' },
    });
    expect([withLevel.status, withLevel.body.error.details.field]).toEqual([400, 'bot_level']);
    const noBet = await request<{ error: { details: { field: string } } }>(`${server.url}/api/v1/rooms/`, { token: p.token, body });
    expect([noBet.status, noBet.body.error.details.field]).toEqual([400, 'bet_amount']);
  });

  it('a person and two computer players play to the end: bots are marked, pause, play legally; no money moves, nothing is rated', async () => {
    const human = await newPlayer(server.url, 'h');
    const before = await bonusBalance(server.url, human);
    const sumBefore = await ledgerSum(server.store);
    const room = await createPractice(server.url, human, { bet_amount: 0 });

    expect(room).toMatchObject({ status: 'in_progress', bet_amount: '0', player_count: 3, seats_taken: 3, bot_level: 'normal' });
    expect(room.seats.map((s) => [s.position, s.is_bot])).toEqual([
      [0, false],
      [1, true],
      [2, true],
    ]);
    const lobby = await request<{ items: RoomPayload[] }>(`${server.url}/api/v1/rooms/`, { token: human.token });
    expect(lobby.body.items.map((r) => r.id)).not.toContain(room.id);
    const stranger = await newPlayer(server.url);
    const seat = await request<{ error: { code: string } }>(`${server.url}/api/v1/rooms/${room.id}/seat`, {
      token: stranger.token,
      body: {},
    });
    expect(seat.body.error.code).toBe('room/already_started');

    const watch = await request<WatchState>(`${server.url}/api/v1/rooms/${room.id}/watch`, { token: human.token });
    const bots = Object.entries(watch.body.seats).filter(([, s]) => s.is_bot);
    expect(bots.map(([, s]) => s.position).sort()).toEqual([1, 2]);
    expect(watch.body.seats[String(human.id)]!.is_bot).toBe(false);
    // The person's timer is the turn timer, whatever pause the bots are given.
    for (const { timer_response: t } of watch.body.timers) expect(Date.parse(t.expired_at) - Date.parse(t.created_at)).toBe(30_000);

    // One practice game at a time: a second one points back to the table being played.
    const second = await request<{ error: { code: string; details: { room_id: number } } }>(`${server.url}/api/v1/rooms/`, {
      token: human.token,
      body: practice,
    });
    expect([second.status, second.body.error.code, second.body.error.details.room_id]).toEqual([409, 'room/practice_running', room.id]);

    const log = await playOut({ server, clock }, room.id, human);
    expect(log.pauses).toBeGreaterThan(0);

    const record = await request<GameRecord>(`${server.url}/api/v1/rooms/${room.id}/record`, { token: human.token });
    const botIds = bots.map(([id]) => id);
    const [row] = await server.store.db.select().from(rooms).where(eq(rooms.id, room.id));
    const botMoves = replayBots(record.body, botIds, record.body.options);
    expect(botMoves).toBeGreaterThan(0);
    expect(row!.status).toBe('FINISHED');

    expect(await bonusBalance(server.url, human)).toBe(before);
    expect(await ledgerSum(server.store)).toBe(sumBefore);
    expect(await ledgerSum(server.store)).toBe(0n);
    const rated = await server.store.db.select().from(playerStats).where(eq(playerStats.userId, human.id));
    expect(rated).toEqual([]);
    const career = await request<{ items: unknown[] }>(`${server.url}/api/v1/player/games`, { token: human.token });
    expect([career.status, career.body.items]).toEqual([200, []]);
    // Over: a new practice game may start.
    expect((await request(`${server.url}/api/v1/rooms/`, { token: human.token, body: practice })).status).toBe(201);
    const botUsers = await server.store.db
      .select({ isBot: users.isBot, passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.isBot, true));
    expect(botUsers.length).toBeGreaterThanOrEqual(2);
    expect(botUsers.every((b) => b.passwordHash === null)).toBe(true);
  });

  it.each([
    ['five easy bots, transfers and a secret trump', { bots: 5, bot_level: 'easy', is_transfer_allowed: true, secret_trump_mode: true }],
    ['three normal bots, two against two on 52 cards', { bots: 3, bot_level: 'normal', deck_size: 52, is_team_mode: true }],
    [
      'one hard bot, 24 cards, a cheating speed room, death match',
      {
        bots: 1,
        bot_level: 'hard',
        deck_size: 24,
        is_cheating_allowed: true,
        is_speed_mode: true,
        is_death_match_allowed: true,
        is_classic_mode_allowed: false,
      },
    ],
  ])('%s: the game is played to the end', async (_name, options) => {
    const human = await newPlayer(server.url, 'h');
    const room = await createPractice(server.url, human, options);
    expect(room.seats.filter((s) => s.is_bot)).toHaveLength(options.bots);
    await playOut({ server, clock }, room.id, human);
    const record = await request<GameRecord>(`${server.url}/api/v1/rooms/${room.id}/record`, { token: human.token });
    expect(record.status).toBe(200);
    // The bots played the room's rules: a team game stays one (the human's partner is the bot at seat 3).
    if ('is_team_mode' in options) expect(record.body.options).toMatchObject({ deck_size: 52, is_team_mode: true });
  });
});

describe('a node restart', () => {
  it('bots live on the database deadline: another node on the same store finishes the game', async () => {
    const store: Store = await createTestStore();
    const clock = createClock(Date.parse('2026-11-24T08:30:00Z'));
    const first = await startRoomsServer({ store, clock });
    const human = await newPlayer(first.url, 'h');
    const room = await createPractice(first.url, human);
    const random = rng(room.id);
    const log = { pauses: 0, humanMoves: 0 };
    for (let i = 0; i < 6; i++) await step({ server: first, clock }, room.id, human, random, log);
    await first.close();
    const second = await startRoomsServer({ store, clock, config: { jwtSecret: first.config.jwtSecret } });
    try {
      const table = { server: second, clock };
      const moved = { pauses: 0, humanMoves: 0 };
      for (let i = 0; i < 3000 && (await step(table, room.id, { ...human, url: second.url }, random, moved)); i++);
      const watch = await request<WatchState>(`${second.url}/api/v1/rooms/${room.id}/watch`, { token: human.token });
      expect(watch.body.status).toBe('FINISHED');
      expect(moved.pauses).toBeGreaterThan(0);
      expect(await ledgerSum(store)).toBe(0n);
    } finally {
      await second.close();
      await store.close();
    }
  });
});
