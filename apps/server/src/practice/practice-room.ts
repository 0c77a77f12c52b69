import type { GameState } from '@durak/engine';
import type { CreateRoomBody, RoomPayload } from '@durak/protocol';
import { and, eq, isNotNull } from 'drizzle-orm';
import { failure, ok, type Result } from '../shared/result.js';
import type { Tx } from '../store/db.js';
import { rooms, roomSeats } from '../store/rooms-schema.js';
import { readRoom, roomJson, roomOptionColumns, seatsOfRoom } from '../room-core/room-store.js';
import { inRoomTransaction, type DomainContext } from '../room-core/domain-context.js';
import type { StartGame } from '../room-core/room-seams.js';
import { botUserIds } from './bot-users.js';

/**
 * A practice room (FEATURES.md §7, docs/rooms.md): the creator at seat 0 and a bot in every other
 * seat, everyone ready, the game dealt at once — one transaction, so nobody ever sees a practice
 * room half seated. No stake (bet 0): the start moves no money and neither does the end. The
 * lobby never hears of it: nobody else can sit there.
 */
export async function createPracticeRoom(
  context: DomainContext,
  startGame: StartGame,
  userId: number,
  body: CreateRoomBody & { practice: NonNullable<CreateRoomBody['practice']> },
  passwordHash: string | null,
): Promise<Result<RoomPayload>> {
  return inRoomTransaction(
    context,
    (json: Result<RoomPayload>) => (json.ok ? json.value.id : 0),
    async (tx, outbox, now) => {
      // One practice game at a time: a second would only leave the first to time out unattended.
      const running = await runningPracticeRoom(tx, userId);
      if (running !== null) return alreadyPlaying(running);
      const bots = await botUserIds(tx, body.practice.bots);
      // The claim's unique index decides between concurrent creations: one inserts, the others find
      // the conflict (after waiting for the winner's commit) and get the refusal, never a 500.
      const [room] = await tx
        .insert(rooms)
        .values({
          practiceUserId: userId,
          creatorId: userId,
          status: 'ready',
          betAmount: 0n,
          balanceType: body.balance_type,
          playerCount: body.practice.bots + 1,
          ...roomOptionColumns(body),
          passwordHash,
          botLevel: body.practice.level,
          createdAt: now,
        })
        .onConflictDoNothing()
        .returning();
      if (!room) {
        const [holder] = await tx.select({ id: rooms.id }).from(rooms).where(eq(rooms.practiceUserId, userId));
        return alreadyPlaying(holder?.id ?? null);
      }
      const seated = [userId, ...bots].map((id, position) => ({ roomId: room!.id, position, userId: id, isReady: true, seatedAt: now }));
      await tx.insert(roomSeats).values(seated);
      const seats = await seatsOfRoom(tx, room!.id);
      const started = await startGame(tx, room!, seats, { now, config: context.config, outbox });
      // Nobody stakes anything, so nobody can be short of it.
      if (!started.started) throw new Error(`practice room ${room!.id} did not start`);
      const dealt = await readRoom(tx, room!.id);
      if (!dealt) return failure('room/not_found', `No room ${room!.id}`);
      return ok(roomJson(dealt, seats));
    },
  );
}

const alreadyPlaying = (roomId: number | null) =>
  failure('room/practice_running', 'You are already playing a practice game', { room_id: roomId });

/**
 * The user's practice game they are still playing (not yet out of it), or null; a claim on a game
 * they are done with (over, or out of it while the bots play on) is released here. The claimed
 * rows are locked: a creation that committed meanwhile is seen and refuses this one.
 */
async function runningPracticeRoom(tx: Tx, userId: number): Promise<number | null> {
  const me = String(userId);
  const isPlaying = (row: { status: string; gameState: unknown }) => {
    const state = row.gameState as GameState | null;
    return row.status === 'in_progress' && state !== null && state.results[state.players.indexOf(me)] === null;
  };
  const claims = await tx
    .select({ id: rooms.id, status: rooms.status, gameState: rooms.gameState })
    .from(rooms)
    .where(eq(rooms.practiceUserId, userId))
    .for('update');
  const claimed = claims.find(isPlaying);
  if (claimed) return claimed.id;
  if (claims.length > 0) await tx.update(rooms).set({ practiceUserId: null }).where(eq(rooms.practiceUserId, userId));
  // Rooms from before the claim column (0011) carry none: their game state still says.
  const rows = await tx
    .select({ id: rooms.id, status: rooms.status, gameState: rooms.gameState })
    .from(rooms)
    .where(and(eq(rooms.creatorId, userId), isNotNull(rooms.botLevel), eq(rooms.status, 'in_progress')));
  return rows.find(isPlaying)?.id ?? null;
}

/** Whether a room is a practice room (its bots' level is set). */
export const isPracticeRoom = (room: { readonly botLevel: string | null }) => room.botLevel !== null;
