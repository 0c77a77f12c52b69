import { asRoomId, asUserId } from '@durak/protocol';
import { awaited, chooseAction, legalActions, viewFor, type GameState } from '@durak/engine';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClock, newPlayer, rng, startedRoom, type TestPlayer } from '../rooms/test-support.js';
import { startRoomsServer, type RoomsServer } from '../test-support/rooms-server.js';
import { workCounters } from '../shared/work-counters.js';
import { queryRows } from '../store/db.js';
import { gameEvents, rooms } from '../store/rooms-schema.js';
import type { PlayerMove } from './game-service.js';

// Counts, never times: what a plain move sends to the database is a fixed figure of the code.
const clock = createClock();
let server: RoomsServer;
let players: TestPlayer[];
let roomId: number;
beforeAll(async () => {
  server = await startRoomsServer({ clock });
  players = [await newPlayer(server.url, 'rt'), await newPlayer(server.url, 'rt')];
  roomId = await startedRoom(server.url, players);
  // Both players are connected in a real game; here nobody subscribed, so their absence (which
  // a move of their own would clear, one statement more) is cleared as presence would.
  await server.store.db.update(rooms).set({ offlineSince: {} }).where(eq(rooms.id, roomId));
});
afterAll(async () => server?.close());

async function stateOf(id: number): Promise<GameState> {
  const [room] = await server.store.db.select({ gameState: rooms.gameState }).from(rooms).where(eq(rooms.id, id));
  return room!.gameState as GameState;
}

/** The awaited player's move as the API takes it (the engine's bot chooses; never the game's last). */
async function nextMove(): Promise<{ userId: number; move: PlayerMove; state: GameState }> {
  const state = await stateOf(roomId);
  const player = awaited(state).players[0]!;
  const view = viewFor(state, player);
  const { player: _player, ...move } = chooseAction(view, legalActions(view, player), rng(state.seq + 1))! as { player: string };
  return { userId: Number(player), move: move as unknown as PlayerMove, state };
}

/** What one call sent to the database: statements and round trips (workCounters, counted per connection). */
async function counted<T>(run: () => Promise<T>): Promise<{ value: T; statements: number; roundTrips: number }> {
  const before = { ...workCounters };
  const value = await run();
  return { value, statements: workCounters.statements - before.statements, roundTrips: workCounters.roundTrips - before.roundTrips };
}

describe("a move's cost in database work", () => {
  it('a plain move is four statements; on PostgreSQL in two round trips (BEGIN with the lock, the write with COMMIT)', async () => {
    for (let i = 0; i < 3; i++) {
      const { userId, move, state } = await nextMove();
      const { value, statements, roundTrips } = await counted(() =>
        server.module.games.act(asUserId(userId), asRoomId(roomId), move, state.seq),
      );
      expect(value).toEqual({ ok: true, value: { seq: state.seq + 1 } });
      expect(statements).toBe(4);
      expect(roundTrips).toBe(server.store.kind === 'postgres' ? 2 : 4);
    }
  });

  it('a write that fails rolls the move back: the room is unchanged, nothing is thrown later, and the connection serves the next move', async () => {
    const { userId, move, state } = await nextMove();
    // The step's event row already exists, so the pipelined insert behind the room's lock fails.
    await server.store.db.insert(gameEvents).values({ roomId, seq: state.seq + 1, events: [] });
    await expect(server.module.games.act(asUserId(userId), asRoomId(roomId), move, state.seq)).rejects.toThrow(/game_events|duplicate key/);
    expect(await stateOf(roomId)).toEqual(state);
    const [row] = await queryRows<{ seq: number }>(server.store.db, sql`select seq from rooms where id = ${roomId}`);
    expect(Number(row!.seq)).toBe(state.seq);

    await server.store.db.delete(gameEvents).where(and(eq(gameEvents.roomId, roomId), eq(gameEvents.seq, state.seq + 1)));
    const retried = await counted(() => server.module.games.act(asUserId(userId), asRoomId(roomId), move, state.seq));
    expect(retried.value).toEqual({ ok: true, value: { seq: state.seq + 1 } });
    expect(retried.roundTrips).toBe(server.store.kind === 'postgres' ? 2 : 4);
    expect((await stateOf(roomId)).seq).toBe(state.seq + 1);
  });
});
