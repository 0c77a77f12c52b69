import type { CreateTournamentBody, TournamentPayload } from '@durak/protocol';
import { eq } from 'drizzle-orm';
import { appendAudit, type AuditActor } from '../audit/audit.js';
import type { Outbox } from '../publishing/outbox.js';
import { failure, ok, type Result } from '../shared/result.js';
import type { Store, Tx } from '../store/db.js';
import { tournaments } from '../store/tournaments-schema.js';
import { schedulePairing, type ArenaDeps } from './arena-play.js';
import { cancelTournament, publishChanged, seatNextRound, type RoundDeps } from './tournament-rounds.js';
import { lockTournament, presetById, registeredCount, tournamentJson, unfinishedRooms, type TournamentRow } from './tournament-store.js';

/** What the admin's tournament writes share with the service: its transaction, clock and round rules. */
export interface AdminWriteContext {
  readonly store: Store;
  readonly now: () => Date;
  readonly deps: RoundDeps;
  readonly arenaDeps: ArenaDeps;
  inTransaction<T extends Result<unknown>>(id: number, fn: (tx: Tx, outbox: Outbox, at: Date) => Promise<T>): Promise<T>;
}

export interface TournamentAdminWrites {
  create(actor: AuditActor, body: CreateTournamentBody): Promise<Result<TournamentPayload>>;
  /** Deletes the tournament (`DELETE tournament/delete`): it is cancelled, every entry refunded. */
  deleteTournament(actor: AuditActor, id: number): Promise<Result<TournamentPayload>>;
  setPinned(actor: AuditActor, id: number, isPinned: boolean): Promise<Result<TournamentPayload>>;
  pause(actor: AuditActor, id: number): Promise<Result<TournamentPayload>>;
  resume(actor: AuditActor, id: number): Promise<Result<TournamentPayload>>;
}

const notFound = (id: number) => failure('tournament/not_found', `No tournament ${id}`);
const isOver = (t: TournamentRow) => t.status === 'finished' || t.status === 'cancelled';

/**
 * The admin's writes on tournaments (create, pin, pause, continue, delete), each with its audit
 * line in its own transaction (FEATURES.md §9): no change without its line.
 */
export function createTournamentAdminWrites(context: AdminWriteContext): TournamentAdminWrites {
  const { store, now, deps, arenaDeps, inTransaction } = context;

  async function json(tx: Tx, id: number): Promise<TournamentPayload> {
    const [row] = await tx.select().from(tournaments).where(eq(tournaments.id, id));
    return tournamentJson(row!, await registeredCount(tx, id));
  }

  /** Locks the tournament, lets `change` act on it, and audits what it was and what it became. */
  function audited(
    actor: AuditActor,
    id: number,
    action: string,
    change: (tx: Tx, t: TournamentRow, outbox: Outbox, at: Date) => Promise<Result<void>>,
  ) {
    return inTransaction(id, async (tx, outbox, at): Promise<Result<TournamentPayload>> => {
      const t = await lockTournament(tx, id);
      if (!t) return notFound(id);
      const before = tournamentJson(t, await registeredCount(tx, id));
      const changed = await change(tx, t, outbox, at);
      if (!changed.ok) return changed;
      const after = await json(tx, id);
      await appendAudit(tx, actor, { action, resource: `tournament:${id}`, before, after }, at);
      return ok(after);
    });
  }

  return {
    async create(actor, body) {
      const startsAt = new Date(body.starts_at);
      if (startsAt.getTime() <= now().getTime())
        return failure('request/invalid', 'starts_at: must be in the future', { field: 'starts_at' });
      if (!(await presetById(store.db, body.payout_preset_id))) {
        return failure('request/invalid', 'payout_preset_id: no such payout preset', { field: 'payout_preset_id' });
      }
      return store.withTransaction(async (tx) => {
        const [row] = await tx
          .insert(tournaments)
          .values({
            name: body.name,
            createdBy: actor.id,
            buyIn: body.buy_in,
            balanceType: body.balance_type,
            startsAt,
            minPlayers: body.min_players,
            maxPlayers: body.max_players,
            roomSize: body.format === 'arena' ? body.table_size! : body.room_size!,
            format: body.format,
            durationMinutes: body.format === 'arena' ? body.duration_minutes! : null,
            deckSize: body.deck_size,
            isSpeedMode: body.is_speed_mode,
            isTransferAllowed: body.is_transfer_allowed,
            isCheatingAllowed: body.is_cheating_allowed,
            isDrawAllowed: body.is_draw_allowed,
            isDeathMatchAllowed: body.is_death_match_allowed,
            isClassicModeAllowed: body.is_classic_mode_allowed,
            cardTransferPermission: body.card_transfer_permission,
            secretTrumpMode: body.secret_trump_mode,
            rebuyRounds: body.rebuy_rounds,
            rebuyPrice: body.rebuy_price,
            guaranteedPool: body.guaranteed_pool,
            fee: body.fee,
            payoutPresetId: body.payout_preset_id,
            isPinned: body.is_pinned,
            dueAt: startsAt,
          })
          .returning();
        const created = tournamentJson(row!, 0);
        await appendAudit(
          tx,
          actor,
          { action: 'tournament.create', resource: `tournament:${created.id}`, before: null, after: created },
          now(),
        );
        return ok(created);
      });
    },

    deleteTournament(actor, id) {
      // The running rooms first, in id order, as a finishing game takes them (room, then
      // tournament): taking the tournament first could deadlock with a game's last move.
      return inTransaction(id, async (tx, outbox, at) => {
        await deps.rooms.lockTournamentRooms(tx, id);
        const t = await lockTournament(tx, id);
        if (!t) return notFound(id);
        if (isOver(t)) return failure('tournament/over', `The tournament is already ${t.status}`);
        const before = tournamentJson(t, await registeredCount(tx, id));
        await cancelTournament(tx, t, outbox, at, deps.rooms);
        const after = await json(tx, id);
        await appendAudit(tx, actor, { action: 'tournament.delete', resource: `tournament:${id}`, before, after }, at);
        return ok(after);
      });
    },

    setPinned(actor, id, isPinned) {
      return audited(actor, id, 'tournament.pin', async (tx, t, outbox) => {
        await tx.update(tournaments).set({ isPinned }).where(eq(tournaments.id, id));
        await publishChanged(tx, { ...t, isPinned }, outbox);
        return ok(undefined);
      });
    },

    pause(actor, id) {
      return audited(actor, id, 'tournament.pause', async (tx, t, outbox) => {
        if (t.status !== 'running') return failure('tournament/not_running', 'Only a running tournament can be paused');
        // Running games finish; the next round is not seated until an admin continues.
        await tx.update(tournaments).set({ status: 'paused', dueAt: null }).where(eq(tournaments.id, id));
        await publishChanged(tx, { ...t, status: 'paused', dueAt: null }, outbox);
        return ok(undefined);
      });
    },

    resume(actor, id) {
      return audited(actor, id, 'tournament.continue', async (tx, t, outbox, at) => {
        if (t.status !== 'paused') return failure('tournament/not_paused', 'The tournament is not paused');
        await tx.update(tournaments).set({ status: 'running' }).where(eq(tournaments.id, id));
        if (t.format === 'arena') {
          // The free players are paired again at once; past the clock the sweep ends the arena.
          const running = { ...t, status: 'running', dueAt: null };
          await schedulePairing(tx, running, at, arenaDeps);
          if (t.endsAt && at >= t.endsAt) await tx.update(tournaments).set({ dueAt: at }).where(eq(tournaments.id, id));
          await publishChanged(tx, running, outbox);
          return ok(undefined);
        }
        const left = await unfinishedRooms(tx, id, t.round);
        // The round is over: the next one is seated now; otherwise its last game will schedule it.
        if (left === 0) await seatNextRound(tx, { ...t, status: 'running' }, outbox, at, deps);
        await publishChanged(tx, t, outbox);
        return ok(undefined);
      });
    },
  };
}
