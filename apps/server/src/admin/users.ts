import type { adjustAnswer, AdjustRequest, AdminUser, Role, userPatched, WalletType } from '@durak/protocol';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { isBannedAt, revokeSessions } from '../accounts/revocation.js';
import { rolesOf } from '../accounts/users.js';
import { appendAudit, type AuditActor } from '../audit/audit.js';
import { failure, ok, type Result } from '../shared/result.js';
import { opponentsTable } from './user-opponents.js';
import { queryRows, type Db, type Store } from '../store/db.js';
import { userRoles, users } from '../store/schema.js';
import { transfer, type AccountRef } from '../wallets/ledger.js';
import { listWallets } from '../wallets/wallets.js';

/** The system account admin balance adjustments come from and go to. */
export const adjustmentsAccount = 'adjustments';
const recent = 20;

type AdjustAnswer = z.infer<typeof adjustAnswer>;
type UserPatched = z.infer<typeof userPatched>;

const userNotFound = (id: number) => failure('user/not_found', `No user ${id}`, { id });

/** A country's users, oldest first, with the total for the pager. */
export async function usersOfCountry(db: Db, country: string, page: number, limit: number) {
  const rows = await queryRows<{ id: string | number; username: string; roles: Role[]; created_at: Date | string }>(
    db,
    sql`select u.id, u.username, u.created_at,
          coalesce((select array_agg(r.role order by r.role) from user_roles r where r.user_id = u.id), '{}') as roles
        from users u where u.country = ${country} order by u.id limit ${limit} offset ${(page - 1) * limit}`,
  );
  const [count] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from users where country = ${country}`);
  return {
    items: rows.map((r) => ({ id: Number(r.id), username: r.username, roles: r.roles, created_at: new Date(r.created_at).toISOString() })),
    total: count?.n ?? 0,
  };
}

/** Everything an operator looks at about one user: profile, wallets, recent ledger lines and games. */
export async function adminUserDetail(db: Db, id: number, now: Date): Promise<Result<AdminUser>> {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  if (!user) return userNotFound(id);
  const ledger = await queryRows<{
    id: string | number;
    kind: string;
    wallet_type: WalletType;
    amount: string;
    created_at: Date | string;
    memo: unknown;
  }>(
    db,
    sql`select e.id, t.kind, a.wallet_type, e.amount::text as amount, t.created_at, t.memo
        from accounts a join ledger_entries e on e.account_id = a.id join ledger_transfers t on t.id = e.transfer_id
        where a.user_id = ${id} order by e.id desc limit ${recent}`,
  );
  const games = await queryRows<{
    id: string | number;
    finished_at: Date | string | null;
    bet_amount: string;
    balance_type: WalletType;
    result: { result?: string; amount?: string; result_reason?: string } | null;
    results: { player_id: string; amount: string; place: number; result_reason?: string }[] | null;
  }>(
    db,
    sql`select r.id, r.finished_at, r.bet_amount::text as bet_amount, r.balance_type, r.results,
          (select x from jsonb_array_elements(r.results) x where x->>'player_id' = ${String(id)} limit 1) as result
        from rooms r where r.results @> ${JSON.stringify([{ player_id: String(id) }])}::jsonb
        order by r.id desc limit ${recent}`,
  );
  const table = await opponentsTable(db, id, games);
  return ok({
    id: user.id,
    username: user.username,
    avatar_url: user.avatarUrl,
    country: user.country,
    language: user.language,
    parent_id: user.parentId,
    created_at: user.createdAt.toISOString(),
    last_played_at: user.lastPlayedAt?.toISOString() ?? null,
    roles: await rolesOf(db, id),
    commission_bps: user.commissionBps,
    wallets: (await listWallets(db, id)).map((w) => ({ wallet_type: w.walletType, balance: w.balance.toString() })),
    ledger: ledger.map((l) => ({
      id: Number(l.id),
      kind: l.kind,
      wallet_type: l.wallet_type,
      amount: l.amount,
      created_at: new Date(l.created_at).toISOString(),
      memo: l.memo,
    })),
    is_banned: isBannedAt(user, now),
    banned_until: isBannedAt(user, now) ? (user.bannedUntil?.toISOString() ?? null) : null,
    ban_reason: isBannedAt(user, now) ? user.banReason : null,
    games: games.map((g) => ({
      room_id: Number(g.id),
      finished_at: g.finished_at === null ? null : new Date(g.finished_at).toISOString(),
      bet_amount: g.bet_amount,
      balance_type: g.balance_type,
      result: g.result?.result ?? null,
      amount: g.result?.amount ?? null,
      result_reason: g.result?.result_reason ?? null,
      opponents: table.perGame.get(Number(g.id)) ?? [],
    })),
    opponents: table.totals,
  });
}

/**
 * Credits (amount > 0) or debits (amount < 0) a user's wallet against the `adjustments` system
 * account: one ledger transfer and its audit line in one transaction. The wallet never goes below
 * zero (the ledger refuses with wallet/insufficient_funds); a retry with the same key applies once
 * and is not audited twice; the same key for a different adjustment is refused.
 */
export async function adjustBalance(
  store: Store,
  actor: AuditActor,
  userId: number,
  request: AdjustRequest,
  now: Date,
): Promise<Result<AdjustAnswer>> {
  const amount = BigInt(request.amount);
  const magnitude = amount < 0n ? -amount : amount;
  const wallet: AccountRef = { userId, walletType: request.wallet_type };
  const system: AccountRef = { system: adjustmentsAccount, walletType: request.wallet_type };
  const [from, to] = amount > 0n ? [system, wallet] : [wallet, system];
  const idempotencyKey = `admin_adjust:${userId}:${request.idempotency_key}`;
  return store.withTransaction(async (tx): Promise<Result<AdjustAnswer>> => {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId));
    if (!user) return userNotFound(userId);
    const moved = await transfer(tx, {
      from,
      to,
      amount: magnitude,
      kind: 'admin_adjustment',
      idempotencyKey,
      memo: { user_id: userId, actor_id: actor.id, reason: request.reason },
    });
    if (!moved.ok) {
      // The ledger itself refuses a key reused for a different movement; here it names the admin's field.
      if (moved.error.code === 'wallet/idempotency_key_reused') {
        return failure('admin/idempotency_key_reused', 'idempotency_key: already used for a different adjustment', {
          field: 'idempotency_key',
        });
      }
      return failure(moved.error.code, moved.error.message, { ...moved.error.details, field: 'amount' });
    }
    const wallets = (await listWallets(tx, userId)).map((w) => ({ wallet_type: w.walletType, balance: w.balance.toString() }));
    const { transfer: made, isReplay } = moved.value;
    if (!isReplay) {
      const balance = BigInt(wallets.find((w) => w.wallet_type === request.wallet_type)?.balance ?? '0');
      await appendAudit(
        tx,
        { ...actor, reason: request.reason },
        {
          action: 'user.adjust',
          resource: `user:${userId}`,
          before: { wallet_type: request.wallet_type, balance: (balance - amount).toString() },
          after: { wallet_type: request.wallet_type, balance: balance.toString(), amount: request.amount, transfer_id: made.id },
        },
        now,
      );
    }
    return ok({ transfer_id: made.id, is_replay: isReplay, wallets });
  });
}

/**
 * Sets a user's roles (the whole set) and/or agent commission rate, with its audit line. `isRoleChange`
 * tells the caller to close the user's connections after the commit (their tokens carry the roles).
 */
export async function patchUser(
  store: Store,
  actor: AuditActor,
  userId: number,
  change: { roles?: Role[] | undefined; commission_bps?: number | undefined },
  now: Date,
): Promise<Result<{ user: UserPatched; isRoleChange: boolean }>> {
  if (change.roles && actor.id === userId && !change.roles.includes('admin')) {
    return failure('admin/own_admin_role', 'roles: an admin cannot take away their own admin role', { field: 'roles' });
  }
  return store.withTransaction(async (tx): Promise<Result<{ user: UserPatched; isRoleChange: boolean }>> => {
    const [user] = await tx
      .select({ id: users.id, commissionBps: users.commissionBps })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!user) return userNotFound(userId);
    const before = { roles: await rolesOf(tx, userId), commission_bps: user.commissionBps };
    if (change.roles) {
      await tx.delete(userRoles).where(and(eq(userRoles.userId, userId)));
      await tx.insert(userRoles).values(change.roles.map((role) => ({ userId, role })));
    }
    if (change.commission_bps !== undefined)
      await tx.update(users).set({ commissionBps: change.commission_bps }).where(eq(users.id, userId));
    const roles = (
      await tx.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId)).orderBy(asc(userRoles.role))
    ).map((r) => r.role as Role);
    // Tokens carry the roles: a demoted admin's token must stop working now, not in 15 minutes.
    // The refresh tokens stay, so the player's next refresh simply carries the new roles.
    const isRoleChange = roles.join(',') !== before.roles.join(',');
    if (isRoleChange) await revokeSessions(tx, userId, { refreshTokens: false }, now);
    const after = { roles, commission_bps: change.commission_bps ?? user.commissionBps };
    await appendAudit(tx, actor, { action: 'user.update', resource: `user:${userId}`, before, after }, now);
    return ok({ user: { id: userId, ...after }, isRoleChange });
  });
}

/** Users per country, most first (admin "users by country"), with the number of countries and of users. */
export async function usersPerCountry(
  db: Db,
  page: number,
  limit: number,
): Promise<{ items: { country: string | null; count: number }[]; total: number; users: number }> {
  const rows = await queryRows<{ country: string | null; count: string | number }>(
    db,
    sql`select country, count(*) as count from users group by country order by count(*) desc, country nulls last
        limit ${limit} offset ${(page - 1) * limit}`,
  );
  const [count] = await queryRows<{ n: number; users: number }>(
    db,
    sql`select count(distinct coalesce(country, ''))::int as n, count(*)::int as users from users`,
  );
  return { items: rows.map((r) => ({ country: r.country, count: Number(r.count) })), total: count?.n ?? 0, users: count?.users ?? 0 };
}
