import { awaited, type GameState } from '@durak/engine';
import type { Centrifuge } from 'centrifuge';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from '../realtime/test-support.js';
import { createClock, listen, newPlayer, rng, startedRoom, type Captured, type TestPlayer } from '../rooms/test-support.js';
import { startRoomsServer, type RoomsServer } from '../test-support/rooms-server.js';
import { rooms } from '../store/rooms-schema.js';
import { request } from '../test-support/http.js';
import { adminToken, createTournament, registerAll } from '../tournaments/test-support.js';
import { moveOf as playOneMove } from './test-support.js';

const clock = createClock(Date.parse('2026-11-02T12:00:00Z'));
let server: RoomsServer;
const clients: Centrifuge[] = [];

beforeAll(async () => {
  // A turn of 2 minutes: the hand-overs asserted here are the away clock's, never a turn timer's
  // (a 30 s timer would run out 39 s into the first test and hand the awaited player over anyway).
  server = await startRoomsServer({ clock, rooms: { standInSeconds: 20, turnSeconds: 120, botDelayMs: { min: 600, max: 1500 } } });
});
afterAll(async () => {
  for (const c of clients) c.disconnect();
  await server?.close();
});

interface Seat {
  stand_in: boolean;
  is_connected: boolean;
  result: string | null;
  result_reason: string | null;
}
interface Watch {
  status: string;
  seq: number;
  seats: Record<string, Seat>;
}
const watch = async (id: number, token: string) => (await request<Watch>(`${server.url}/api/v1/rooms/${id}/watch`, { token })).body;
const autoplay = (id: number, player: TestPlayer, body: unknown) =>
  request<{ stand_in?: boolean; error?: { code: string; details?: unknown; message: string } }>(
    `${server.url}/api/v1/rooms/${id}/autoplay`,
    { token: player.token, body },
  );

/**
 * Subscribes the player to the room's channel and waits until the server has handled the join: a
 * running game counts every seat away from its start, and the subscribe reply comes before the
 * join reaches the rooms (which then clear the mark under the room lock). Moving the clock before
 * that would hand over a player who is there, or let the sweeper skip the locked room.
 */
async function connect(player: TestPlayer, roomId: number, captured: Captured[]): Promise<Centrifuge> {
  const client = await listen(server.wsUrl, player, [`room:${roomId}`], captured);
  clients.push(client);
  await until(async () => (await stateOf(roomId)).offlineSince[String(player.id)] === undefined);
  return client;
}

async function stateOf(roomId: number): Promise<{ state: GameState; offlineSince: Record<string, string> }> {
  const [row] = await server.store.db
    .select({ state: rooms.gameState, offlineSince: rooms.offlineSince })
    .from(rooms)
    .where(eq(rooms.id, roomId));
  return { state: row!.state as GameState, offlineSince: row!.offlineSince };
}

const moveOf = (player: TestPlayer, roomId: number, random: () => number) => playOneMove(server, player, roomId, random);

/**
 * Plays to the end: `present` players move on their own whenever they can; otherwise the clock
 * moves 2 s and the sweeper runs, so the stand-in moves at its pause (never a timer running out:
 * the turn is 120 s and the stand-in's pause at most 1.5 s).
 */
async function playOn(roomId: number, present: readonly TestPlayer[], watcher: TestPlayer): Promise<Watch> {
  const random = rng(3);
  for (let i = 0; i < 3000; i++) {
    let moved = false;
    for (const p of present) moved = (await moveOf(p, roomId, random)) || moved;
    if (!moved) {
      clock.advance(2_000);
      await server.module.games.fireDue();
    }
    const now = await watch(roomId, watcher.token);
    if (now.status === 'FINISHED') return now;
  }
  throw new Error(`room ${roomId} did not end`);
}

const standInMessages = (captured: Captured[], player: TestPlayer) =>
  captured.filter((c) => c.data.type === 'stand_in' && c.data.player_id === String(player.id));

describe('the stand-in plays for a dropped player', () => {
  it('a player drops mid-game: after STAND_IN_SECONDS the computer plays their seat to the end, and the game counts normally', async () => {
    const [ann, bob] = [await newPlayer(server.url), await newPlayer(server.url)];
    const id = await startedRoom(server.url, [ann, bob]);
    const seen: Captured[] = [];
    const annClient = await connect(ann, id, []);
    await connect(bob, id, seen);
    // Both are at the table 20 s in: nobody is handed over (the start counts everyone away until the broker says otherwise).
    clock.advance(20_000);
    await server.module.games.fireDue();
    expect(Object.values((await watch(id, bob.token)).seats).map((s) => s.stand_in)).toEqual([false, false]);

    // Mid-game: both play a few moves of their own first.
    const random = rng(9);
    for (let i = 0; i < 4; i++) for (const p of [ann, bob]) await moveOf(p, id, random);
    expect((await watch(id, bob.token)).seq).toBeGreaterThan(2);

    annClient.disconnect();
    await until(async () => (await stateOf(id)).offlineSince[String(ann.id)] !== undefined);
    // The drop is told at once (FEATURES.md §17): the seat shows offline long before the stand-in.
    await until(() => standInMessages(seen, ann).length > 0);
    expect(standInMessages(seen, ann)[0]!.data).toMatchObject({ stand_in: false, reason: 'away', is_connected: false });
    expect((await watch(id, bob.token)).seats[String(ann.id)]).toMatchObject({ stand_in: false, is_connected: false });
    clock.advance(19_000);
    await server.module.games.fireDue();
    expect((await watch(id, bob.token)).seats[String(ann.id)]!.stand_in).toBe(false);
    clock.advance(1_000);
    await server.module.games.fireDue();
    const handedOver = await watch(id, bob.token);
    expect(handedOver.seats[String(ann.id)]).toMatchObject({ stand_in: true, is_connected: false });
    await until(() => standInMessages(seen, ann).some((m) => m.data.stand_in === true));
    expect(standInMessages(seen, ann).find((m) => m.data.stand_in === true)!.data).toMatchObject({ stand_in: true, reason: 'away' });

    const over = await playOn(id, [bob], bob);
    expect(over.seats[String(ann.id)]!.result_reason).toBe('normal');
    expect(over.seats[String(bob.id)]!.result_reason).toBe('normal');
    // Never a timeout for the absent player: the computer answered every one of their turns.
    await until(() => seen.some((c) => c.data.type === 'game_over'));
    expect(seen.filter((c) => c.data.type === 'timed_out')).toEqual([]);
  }, 120_000);

  it('control returns at once when the player reconnects', async () => {
    const [ann, bob] = [await newPlayer(server.url), await newPlayer(server.url)];
    const id = await startedRoom(server.url, [ann, bob]);
    const seen: Captured[] = [];
    const annClient = await connect(ann, id, []);
    await connect(bob, id, seen);
    annClient.disconnect();
    await until(async () => (await stateOf(id)).offlineSince[String(ann.id)] !== undefined);
    clock.advance(21_000);
    await server.module.games.fireDue();
    expect((await watch(id, bob.token)).seats[String(ann.id)]!.stand_in).toBe(true);

    annClient.connect();
    await until(async () => (await watch(id, bob.token)).seats[String(ann.id)]!.stand_in === false);
    // The drop's own notice has stand_in false too (reason away): wait for the return's.
    await until(() => standInMessages(seen, ann).some((c) => c.data.reason === 'reconnected'));
    expect(standInMessages(seen, ann).at(-1)!.data).toMatchObject({ stand_in: false, reason: 'reconnected' });
    expect((await stateOf(id)).offlineSince[String(ann.id)]).toBeUndefined();
  });

  it('control returns at once when the player makes a move of their own', async () => {
    const [ann, bob] = [await newPlayer(server.url), await newPlayer(server.url)];
    const id = await startedRoom(server.url, [ann, bob]);
    const { state } = await stateOf(id);
    const mover = [ann, bob].find((p) => awaited(state).players.includes(String(p.id)))!;
    // The mover's connection drops long enough for the stand-in to take the seat.
    const client = await connect(mover, id, []);
    client.disconnect();
    await until(async () => (await stateOf(id)).offlineSince[String(mover.id)] !== undefined);
    clock.advance(21_000);
    await server.module.games.fireDue();
    expect((await watch(id, mover.token)).seats[String(mover.id)]!.stand_in).toBe(true);
    // The stand-in answered the turn it took over; the sweeper does not run again, so the
    // stand-in moves no more. At the player's next turn they move: the seat is theirs again.
    const other = mover === ann ? bob : ann;
    const random = rng(1);
    let hasMoved = false;
    for (let i = 0; i < 20 && !hasMoved; i++) {
      hasMoved = await moveOf(mover, id, random);
      if (!hasMoved && !(await moveOf(other, id, random))) break;
    }
    expect(hasMoved).toBe(true);
    expect((await watch(id, mover.token)).seats[String(mover.id)]!.stand_in).toBe(false);
  });

  it('"I\'m back": autoplay is refused at a bet table, and a dropped player takes the seat back on purpose', async () => {
    const [ann, bob, eve] = [await newPlayer(server.url), await newPlayer(server.url), await newPlayer(server.url)];
    const id = await startedRoom(server.url, [ann, bob]);
    const seen: Captured[] = [];
    await connect(bob, id, seen);
    // At a table with a stake the stand-in is not an assistant on request (FEATURES.md §12).
    const asked = await autoplay(id, ann, { on: true });
    expect([asked.status, asked.body.error?.code]).toEqual([409, 'room/autoplay_not_allowed']);
    expect((await watch(id, bob.token)).seats[String(ann.id)]!.stand_in).toBe(false);
    // Ann's connection drops: after STAND_IN_SECONDS the computer keeps her hand.
    const annClient = await connect(ann, id, []);
    annClient.disconnect();
    await until(async () => (await stateOf(id)).offlineSince[String(ann.id)] !== undefined);
    clock.advance(21_000);
    await server.module.games.fireDue();
    expect((await watch(id, bob.token)).seats[String(ann.id)]!.stand_in).toBe(true);
    // The computer now moves for ann at its pause, not after her 30 s timer.
    const before = await watch(id, bob.token);
    const random = rng(2);
    for (let i = 0; i < 20 && (await stateOf(id)).state.seq === before.seq; i++) {
      if (!(await moveOf(bob, id, random))) {
        clock.advance(1_600);
        await server.module.games.fireDue();
      }
    }
    expect((await stateOf(id)).state.seq).toBeGreaterThan(before.seq);

    expect((await autoplay(id, ann, { on: false })).body).toEqual({ stand_in: false });
    expect((await watch(id, bob.token)).seats[String(ann.id)]!.stand_in).toBe(false);
    await until(() => standInMessages(seen, ann).some((c) => c.data.reason === 'back'));
    // Her connection (she was counted away since the start), its drop (the offline mark, FEATURES.md
    // §17), the hand-over after STAND_IN_SECONDS, and her "I'm back".
    expect(standInMessages(seen, ann).map((c) => [c.data.stand_in, c.data.reason])).toEqual([
      [false, 'reconnected'],
      [false, 'away'],
      [true, 'away'],
      [false, 'back'],
    ]);

    // Bad input names the field; a stranger may not hand over anyone's seat.
    for (const body of [{}, { on: 'yes' }, { on: 1 }]) {
      const refused = await autoplay(id, ann, body);
      expect(refused.status).toBe(400);
      expect(refused.body.error?.code).toBe('request/invalid');
      expect(JSON.stringify(refused.body.error)).toContain('on');
    }
    const stranger = await autoplay(id, eve, { on: true });
    expect(stranger.status).toBe(403);
    expect(stranger.body.error?.code).toBe('room/not_a_player');
    expect((await request(`${server.url}/api/v1/rooms/999999/autoplay`, { token: ann.token, body: { on: true } })).status).toBe(404);
  });

  it('an offline tournament player is played by the computer; the game counts normally', async () => {
    const admin = await adminToken(server.url);
    const [ann, bob] = [await newPlayer(server.url, 't'), await newPlayer(server.url, 't')];
    const tournamentId = await createTournament(server.url, admin, clock, { room_size: 2, min_players: 2, max_players: 2 });
    await registerAll(server.url, tournamentId, [ann, bob]);
    clock.advance(61_000);
    await server.services.tournaments.fireDue();
    const [room] = await server.store.db
      .select({ id: rooms.id })
      .from(rooms)
      .where(and(eq(rooms.tournamentId, tournamentId), sql`${rooms.status} = 'in_progress'`));
    expect(room).toBeDefined();
    // Bob opens the table; ann never does.
    await connect(bob, room!.id, []);
    clock.advance(20_000);
    await server.module.games.fireDue();
    const started = await watch(room!.id, bob.token);
    expect(started.seats[String(ann.id)]!.stand_in).toBe(true);
    expect(started.seats[String(bob.id)]!.stand_in).toBe(false);

    const over = await playOn(room!.id, [bob], bob);
    expect(Object.values(over.seats).map((s) => s.result_reason)).toEqual(['normal', 'normal']);
  }, 120_000);
});
