import type { IntegrityCase, IntegrityCaseDetail, IntegrityCaseStatus, IntegritySignal } from '@durak/protocol';
import { sql } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '../store/db.js';
import { idArray } from './scan.js';

interface CaseRow {
  id: number;
  kind: IntegrityCase['kind'];
  score: number;
  status: IntegrityCaseStatus;
  chips_moved: string;
  games: (number | string)[];
  evidence: { signals?: IntegritySignal[] };
  opened_at: string;
  frozen_by: number | null;
  resolved_by: number | null;
  resolution: IntegrityCaseDetail['resolution'];
  settlement: IntegrityCaseDetail['settlement'];
}

const caseColumns = sql`c.id, c.kind, c.score, c.status, c.chips_moved::text, c.games, c.evidence, c.opened_at, c.frozen_by, c.resolved_by,
  c.resolution, c.settlement`;

/** The cases, newest first, with their accounts (GET /api/admin/integrity/cases). */
export async function listCases(
  db: Db,
  status: IntegrityCaseStatus | undefined,
  page: number,
  limit: number,
): Promise<{ items: IntegrityCase[]; total: number }> {
  const where = status === undefined ? sql`true` : sql`c.status = ${status}`;
  const rows = await queryRows<CaseRow>(
    db,
    sql`select ${caseColumns} from integrity_cases c where ${where} order by c.opened_at desc, c.id desc
        limit ${limit} offset ${(page - 1) * limit}`,
  );
  const [count] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from integrity_cases c where ${where}`);
  const accounts = await accountsOf(
    db,
    rows.map((r) => Number(r.id)),
  );
  return { items: rows.map((r) => caseOf(r, accounts.get(Number(r.id)) ?? [])), total: Number(count?.n ?? 0) };
}

/** One case with its evidence: signals, games (with replay links), transfers, devices and addresses. */
export async function readCase(db: Db | Tx, id: number): Promise<IntegrityCaseDetail | undefined> {
  const [row] = await queryRows<CaseRow>(db, sql`select ${caseColumns} from integrity_cases c where c.id = ${id}`);
  if (!row) return undefined;
  const accounts = (await accountsOf(db, [id])).get(id) ?? [];
  const userIds = accounts.map((a) => a.user_id);
  const games = row.games.map(Number);
  const rooms = await queryRows<{
    id: number;
    finished_at: string | null;
    bet_amount: string;
    balance_type: 'BALANCE' | 'BONUS_BALANCE';
    is_private: boolean;
    results: { player_id: string; amount: string; place: number; result_reason?: string }[] | null;
  }>(
    db,
    sql`select id, finished_at, bet_amount::text, balance_type, password_hash is not null as is_private, results
        from rooms where id = any(${idArray(games)}::bigint[]) order by finished_at desc nulls last`,
  );
  const playerIds = [...new Set(rooms.flatMap((r) => (r.results ?? []).map((p) => Number(p.player_id))))];
  const names = await usernames(db, [...playerIds, ...userIds]);
  const transfers = await queryRows<{
    id: number;
    kind: string;
    from_label: string;
    to_label: string;
    amount: string;
    wallet_type: 'BALANCE' | 'BONUS_BALANCE';
    room_id: string | null;
    created_at: string;
  }>(
    db,
    sql`select t.id, t.kind, coalesce(fu.username, fa.system_key) as from_label, coalesce(tu.username, ta.system_key) as to_label,
               t.amount::text, fa.wallet_type, t.memo->>'room_id' as room_id, t.created_at
        from ledger_transfers t
        join accounts fa on fa.id = t.from_account_id left join users fu on fu.id = fa.user_id
        join accounts ta on ta.id = t.to_account_id left join users tu on tu.id = ta.user_id
        where (t.memo->>'room_id')::bigint = any(${idArray(games)}::bigint[])
           or t.idempotency_key like ${`integrity:${id}:%`}
        order by t.id limit 500`,
  );
  const devices = await queryRows<{ user_id: number; kind: string; device_id: string | null; address: string | null; at: string }>(
    db,
    sql`select user_id, kind, device_id, address, at from sign_in_events where user_id = any(${idArray(userIds)}::bigint[])
        order by at desc limit 200`,
  );
  return {
    ...caseOf(row, accounts),
    signals: row.evidence.signals ?? [],
    game_list: rooms.map((r) => ({
      room_id: Number(r.id),
      finished_at: r.finished_at === null ? null : new Date(r.finished_at).toISOString(),
      bet_amount: r.bet_amount,
      wallet_type: r.balance_type,
      is_private: r.is_private,
      replay_url: `/replay/${r.id}`,
      players: (r.results ?? []).map((p) => ({
        user_id: Number(p.player_id),
        username: names.get(Number(p.player_id)) ?? '',
        amount: p.amount,
        place: p.place,
        result_reason: p.result_reason ?? 'normal',
      })),
    })),
    transfers: transfers.map((t) => ({
      id: Number(t.id),
      kind: t.kind,
      from: t.from_label,
      to: t.to_label,
      amount: t.amount,
      wallet_type: t.wallet_type,
      room_id: t.room_id === null ? null : Number(t.room_id),
      at: new Date(t.created_at).toISOString(),
    })),
    devices: devices.map((d) => ({
      user_id: Number(d.user_id),
      username: names.get(Number(d.user_id)) ?? '',
      kind: d.kind,
      device_id: d.device_id,
      address: d.address,
      at: new Date(d.at).toISOString(),
    })),
    frozen_by: row.frozen_by === null ? null : Number(row.frozen_by),
    resolved_by: row.resolved_by === null ? null : Number(row.resolved_by),
    resolution: row.resolution,
    settlement: row.settlement,
  };
}

function caseOf(row: CaseRow, accounts: IntegrityCase['accounts']): IntegrityCase {
  return {
    id: Number(row.id),
    kind: row.kind,
    score: Number(row.score),
    accounts,
    chips_moved: row.chips_moved,
    games: row.games.map(Number),
    opened_at: new Date(row.opened_at).toISOString(),
    status: row.status,
  };
}

async function accountsOf(db: Db | Tx, caseIds: readonly number[]): Promise<Map<number, IntegrityCase['accounts']>> {
  const rows = await queryRows<{ case_id: number; user_id: number; username: string; role: 'receiver' | 'feeder' | 'member' }>(
    db,
    sql`select a.case_id, a.user_id, u.username, a.role from integrity_case_accounts a join users u on u.id = a.user_id
        where a.case_id = any(${idArray(caseIds)}::int[]) order by a.case_id, (a.role = 'receiver') desc, a.user_id`,
  );
  const byCase = new Map<number, IntegrityCase['accounts']>();
  for (const r of rows)
    byCase.set(Number(r.case_id), [
      ...(byCase.get(Number(r.case_id)) ?? []),
      { user_id: Number(r.user_id), username: r.username, role: r.role },
    ]);
  return byCase;
}

async function usernames(db: Db | Tx, ids: readonly number[]): Promise<Map<number, string>> {
  const rows = await queryRows<{ id: number; username: string }>(
    db,
    sql`select id, username from users where id = any(${idArray(ids)}::bigint[])`,
  );
  return new Map(rows.map((r) => [Number(r.id), r.username]));
}
