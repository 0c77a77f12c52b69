import type { LimitsAnswer, LimitsChange, PlaySession } from '@durak/protocol';
import { and, asc, eq, isNotNull, lte, sql } from 'drizzle-orm';
import { publishOrder, withPublications, type Outbox, type Publisher } from '../publishing/outbox.js';
import { failure, ok, type Result } from '../shared/result.js';
import { queryRows, type Db, type Store, type Tx } from '../store/db.js';
import { responsibleLimits } from '../store/responsible-schema.js';
import { limitsInForce, planLimits, requestedChanges } from './limits-model.js';
import { columnsOf, deletePending, lockAccount, readLimits, upsertLimits, valuesOf, writePending } from './limits-store.js';
import { refusalOfStanding, type StakeGuardSettings } from './stake-guard.js';
import { depositsSince, lossSince, PERIOD_MS, PERIODS, playedMsSince, stakedAndNetSince } from './usage.js';

export interface ResponsiblePlayDeps {
  readonly store: Store;
  readonly publisher: Publisher;
  readonly now: () => Date;
  readonly settings: StakeGuardSettings;
  /** Takes the player out of a room that has not started (the rooms' own leave, with its publications). */
  // Every refusal below comes before the first write, so a plain transaction never commits half a change.
  readonly leaveWaitingRoom: (userId: number, roomId: number) => Promise<Result<unknown>>;
}

export type ResponsiblePlay = ReturnType<typeof createResponsiblePlay>;

const chipsOrNull = (value: bigint | null) => (value === null ? null : value.toString());
const eighteenthBirthday = (birth: Date) => new Date(Date.UTC(birth.getUTCFullYear() + 18, birth.getUTCMonth(), birth.getUTCDate()));

/** Responsible play (FEATURES.md §13): the player's limits page, breaks, the age gate and the reality checks. */
export function createResponsiblePlay(deps: ResponsiblePlayDeps) {
  const { store, now } = deps;
  const minuteMs = deps.settings.playMinuteMs;

  async function session(db: Db | Tx, userId: number, at: Date): Promise<PlaySession> {
    const since = new Date(at.getTime() - PERIOD_MS.day);
    const played = await playedMsSince(db, userId, since, at);
    const { staked, net } = await stakedAndNetSince(db, userId, since);
    return { minutes_played: Math.floor(played / minuteMs), staked: staked.toString(), net: net.toString() };
  }

  async function answer(db: Db | Tx, userId: number): Promise<LimitsAnswer> {
    const at = now();
    const { row, pending } = await readLimits(db, userId);
    const limits = limitsInForce(valuesOf(row), pending, at);
    const used = { deposit: { day: '0', week: '0', month: '0' }, loss: { day: '0', week: '0', month: '0' } };
    for (const period of PERIODS) {
      const since = new Date(at.getTime() - PERIOD_MS[period]);
      used.deposit[period] = (await depositsSince(db, userId, since)).used.toString();
      used.loss[period] = (await lossSince(db, userId, since)).used.toString();
    }
    const current = await session(db, userId, at);
    const minutes = (v: bigint | null) => (v === null ? null : Number(v));
    return {
      deposit: {
        day: chipsOrNull(limits['deposit.day']),
        week: chipsOrNull(limits['deposit.week']),
        month: chipsOrNull(limits['deposit.month']),
      },
      loss: { day: chipsOrNull(limits['loss.day']), week: chipsOrNull(limits['loss.week']), month: chipsOrNull(limits['loss.month']) },
      session_minutes: minutes(limits.session_minutes),
      reality_check_minutes: minutes(limits.reality_check_minutes),
      pending: pending
        .filter((p) => p.effectiveAt > at)
        .map((p) => ({
          name: p.name,
          value: p.value === null ? null : p.name.includes('.') ? p.value.toString() : Number(p.value),
          effective_at: p.effectiveAt.toISOString(),
        })),
      timeout_until: row?.timeoutUntil && row.timeoutUntil > at ? row.timeoutUntil.toISOString() : null,
      excluded_until: row?.excludedUntil && row.excludedUntil > at ? row.excludedUntil.toISOString() : null,
      age_confirmed: row?.ageConfirmedAt != null,
      is_underage: row?.isUnderage ?? false,
      used: { ...used, session_minutes: current.minutes_played },
      reality_check: row?.realityCheckShownAt ? { ...current, due_at: row.realityCheckShownAt.toISOString() } : null,
    };
  }

  /** Removes the player from every table that has not started; a running game plays on. */
  async function leaveWaitingRooms(userId: number): Promise<void> {
    const seats = await queryRows<{ room_id: string | number }>(
      store.db,
      sql`select s.room_id from room_seats s join rooms r on r.id = s.room_id where s.user_id = ${userId} and r.status in ('pending', 'ready')`,
    );
    for (const seat of seats) {
      const roomId = Number(seat.room_id);
      const left = await deps.leaveWaitingRoom(userId, roomId);
      if (left.ok)
        await withPublications(store, deps.publisher, publishOrder.user(userId), async (_tx, outbox: Outbox) =>
          outbox.toUser(userId, { type: 'seat_lost', room_id: roomId, reason: 'responsible_play' }),
        );
    }
  }

  /** A break or a self-exclusion: only ever lengthened, never shortened, by anyone. */
  async function stopPlay(userId: number, field: 'timeoutUntil' | 'excludedUntil', until: Date): Promise<Result<LimitsAnswer>> {
    const written = await store.withTransaction(async (tx): Promise<Result<true>> => {
      const account = await lockAccount(tx, userId);
      if (!account) return failure('user/not_found', 'No such user');
      const current = account.row?.[field] ?? null;
      if (!current || current < until) await upsertLimits(tx, userId, { [field]: until }, now());
      return ok(true);
    });
    if (!written.ok) return written;
    // After the commit, room by room under each room's own lock: a seat taken meanwhile already
    // waits on the user's row and is refused.
    await leaveWaitingRooms(userId);
    return ok(await answer(store.db, userId));
  }

  return {
    limits: (userId: number) => answer(store.db, userId),

    /** What the admin user page shows, read-only. */
    async adminView(userId: number): Promise<Result<LimitsAnswer>> {
      const [user] = await queryRows<{ id: number }>(store.db, sql`select id from users where id = ${userId}`);
      if (!user) return failure('user/not_found', `No user ${userId}`);
      return ok(await answer(store.db, userId));
    },

    /** PUT /api/user/limits: tighter at once, looser after 24 h (limits-model.ts). */
    async changeLimits(userId: number, change: LimitsChange): Promise<Result<LimitsAnswer>> {
      const done = await store.withTransaction(async (tx): Promise<Result<true>> => {
        const account = await lockAccount(tx, userId);
        if (!account) return failure('user/not_found', 'No such user');
        const at = now();
        const inForce = limitsInForce(valuesOf(account.row), account.pending, at);
        const plan = planLimits(inForce, account.pending, requestedChanges(change), at);
        // Due changes are folded into the row, so only what still waits stays pending.
        const due = account.pending.filter((p) => p.effectiveAt <= at).map((p) => p.name);
        await upsertLimits(tx, userId, columnsOf(plan.limits), at);
        await deletePending(tx, userId, [...due, ...plan.cancelled]);
        await writePending(tx, userId, plan.pending);
        return ok(true);
      });
      if (!done.ok) return done;
      return ok(await answer(store.db, userId));
    },

    takeBreak: (userId: number, days: number) => stopPlay(userId, 'timeoutUntil', new Date(now().getTime() + days * PERIOD_MS.day)),

    selfExclude(userId: number, months: number) {
      const until = new Date(now().getTime());
      until.setUTCMonth(until.getUTCMonth() + months);
      return stopPlay(userId, 'excludedUntil', until);
    },

    /** The age gate: once; under 18 closes the account to money play for good. */
    async confirmAge(userId: number, birthDate: string): Promise<Result<LimitsAnswer>> {
      const birth = new Date(`${birthDate}T00:00:00Z`);
      const at = now();
      if (birth > at) return failure('request/invalid', 'birth_date: must be in the past', { field: 'birth_date', in: 'body' });
      const isUnderage = eighteenthBirthday(birth) > at;
      const written = await store.withTransaction(async (tx): Promise<Result<true>> => {
        const account = await lockAccount(tx, userId);
        if (!account) return failure('user/not_found', 'No such user');
        if (account.row?.isUnderage) return failure('limits/underage', 'This account is closed to money play');
        if (account.row?.ageConfirmedAt) return ok(true);
        await upsertLimits(tx, userId, isUnderage ? { isUnderage: true, birthDate } : { ageConfirmedAt: at, birthDate }, at);
        return ok(true);
      });
      if (!written.ok) return written;
      // Committed before refusing: an account once under 18 stays closed, whatever it says next.
      if (isUnderage) return failure('limits/underage', 'Money play is for players of 18 or older; this account is closed to it');
      return ok(await answer(store.db, userId));
    },

    /** The player answered the reality check: "stop" also leaves the tables that have not started. */
    async answerRealityCheck(userId: number, choice: 'keep_playing' | 'stop'): Promise<LimitsAnswer> {
      await store.db.update(responsibleLimits).set({ realityCheckShownAt: null }).where(eq(responsibleLimits.userId, userId));
      if (choice === 'stop') await leaveWaitingRooms(userId);
      return answer(store.db, userId);
    },

    /** On a break, self-excluded or frozen: no promotional banners or reward prompts either. */
    async isKeptFromPlay(userId: number): Promise<boolean> {
      const [user] = await queryRows<{ frozen_case_id: number | null }>(
        store.db,
        sql`select frozen_case_id from users where id = ${userId}`,
      );
      const { row } = await readLimits(store.db, userId);
      return refusalOfStanding({ frozenCaseId: user?.frozen_case_id ?? null, row }, now()) !== undefined;
    },

    /**
     * The sweeper's task: each due reality check is published on `#{userId}` with the last 24 h
     * of play, marked as shown (the web shows it again on the next load until answered), and the
     * next one waits for the next stake. Rows are taken FOR UPDATE SKIP LOCKED, so nodes share them.
     */
    async fireDueRealityChecks(): Promise<number> {
      const at = now();
      let fired = 0;
      for (;;) {
        const userId = await withPublications<number | null>(
          store,
          deps.publisher,
          (id) => publishOrder.user(id ?? 0),
          async (tx, outbox) => {
            const [due] = await tx
              .select()
              .from(responsibleLimits)
              .where(and(isNotNull(responsibleLimits.realityCheckDueAt), lte(responsibleLimits.realityCheckDueAt, at)))
              .orderBy(asc(responsibleLimits.realityCheckDueAt))
              .limit(1)
              .for('update', { skipLocked: true });
            if (!due) return null;
            await tx
              .update(responsibleLimits)
              .set({ realityCheckDueAt: null, realityCheckShownAt: at })
              .where(eq(responsibleLimits.userId, due.userId));
            if (due.realityCheckMinutes !== null)
              outbox.toUser(due.userId, { type: 'reality_check', ...(await session(tx, due.userId, at)), due_at: at.toISOString() });
            return due.userId;
          },
        );
        if (userId === null) return fired;
        fired += 1;
      }
    },
  };
}
