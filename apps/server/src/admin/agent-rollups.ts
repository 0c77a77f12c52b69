import type { WalletType } from '@durak/protocol';
import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../store/db.js';

/** An agent above a player, nearest first, with its RevShare rate. */
export interface ChainLink {
  readonly agentId: number;
  readonly bps: number;
}

export interface AgentShare {
  /** Rake of the agent's downline in this game. */
  rake: bigint;
  /** Chips x basis points the agent earned (divide by 10 000 for chips). */
  units: bigint;
}

/**
 * RevShare over a referral chain (DESIGN.md §12): the player's nearest agent earns its own rate
 * on the player's rake; each agent above earns the difference between its rate and the highest
 * rate below it (never negative: a sub-agent given more than its parent costs the parent nothing
 * more, and the house pays the excess). So the whole chain together earns exactly the top rate.
 */
export function splitCommission(rake: bigint, chain: readonly ChainLink[]): Map<number, AgentShare> {
  const shares = new Map<number, AgentShare>();
  let below = 0;
  for (const link of chain) {
    const keep = Math.max(0, link.bps - below);
    shares.set(link.agentId, { rake, units: rake * BigInt(keep) });
    below = Math.max(below, link.bps);
  }
  return shares;
}

/** Each player's part of a game's rake: equal stakes, equal parts; leftover chips to the first seats. */
export function rakeShares(players: readonly number[], rake: bigint): Map<number, bigint> {
  const shares = new Map<number, bigint>();
  if (players.length === 0) return shares;
  const each = rake / BigInt(players.length);
  let remainder = rake - each * BigInt(players.length);
  for (const player of players) {
    const extra = remainder > 0n ? 1n : 0n;
    remainder -= extra;
    shares.set(player, each + extra);
  }
  return shares;
}

/** A UTC calendar day, the rollups' bucket. */
const dayOf = (at: Date) => at.toISOString().slice(0, 10);

interface RollupDelta {
  games: number;
  rake: bigint;
  units: bigint;
  deposits: bigint;
}

/**
 * Called in the settling transaction of every game, so the figures commit with the money:
 * marks the players active, and adds each agent above them its downline's rake and commission.
 * Only BALANCE games earn commission: BONUS_BALANCE chips are given away, not bought, and their
 * rake is no revenue to share.
 */
export async function recordGameForAgents(
  tx: Tx,
  game: { players: readonly number[]; rake: bigint; walletType: WalletType; at: Date },
): Promise<void> {
  if (game.players.length === 0) return;
  const ids = `{${game.players.join(',')}}`;
  await tx.execute(sql`update users set last_played_at = ${game.at.toISOString()}::timestamptz where id = any(${ids}::bigint[])`);
  if (game.walletType !== 'BALANCE') return;
  const chains = await agentChains(tx, game.players);
  const deltas = new Map<number, RollupDelta>();
  for (const [player, rake] of rakeShares(game.players, game.rake)) {
    for (const [agentId, share] of splitCommission(rake, chains.get(player) ?? [])) {
      const delta = deltas.get(agentId) ?? { games: 0, rake: 0n, units: 0n, deposits: 0n };
      delta.rake += share.rake;
      delta.units += share.units;
      delta.games = 1;
      deltas.set(agentId, delta);
    }
  }
  await addRollups(tx, deltas, game.at);
}

/**
 * Called in the deposit's transaction (economy): adds the amount to every agent above the user.
 */
export async function recordDepositForAgents(tx: Tx, deposit: { userId: number; amount: bigint; at: Date }): Promise<void> {
  const chain = (await agentChains(tx, [deposit.userId])).get(deposit.userId) ?? [];
  const deltas = new Map(chain.map((link) => [link.agentId, { games: 0, rake: 0n, units: 0n, deposits: deposit.amount }]));
  await addRollups(tx, deltas, deposit.at);
}

/** The agents above each player, nearest first (from the stored root-first path). */
async function agentChains(tx: Tx, players: readonly number[]): Promise<Map<number, ChainLink[]>> {
  const rows = await queryRows<{ player_id: string | number; agent_id: string | number; commission_bps: number }>(
    tx,
    sql`select p.id as player_id, a.id as agent_id, a.commission_bps
        from users p cross join lateral unnest(p.ancestors) with ordinality as x(agent_id, depth)
        join users a on a.id = x.agent_id
        where p.id = any(${`{${players.join(',')}}`}::bigint[])
          and exists (select 1 from user_roles r where r.user_id = a.id and r.role = 'agent')
        order by p.id, x.depth desc`,
  );
  const chains = new Map<number, ChainLink[]>();
  for (const row of rows) {
    const player = Number(row.player_id);
    const chain = chains.get(player) ?? [];
    chain.push({ agentId: Number(row.agent_id), bps: row.commission_bps });
    chains.set(player, chain);
  }
  return chains;
}

/** Upserts the day's rows in agent id order, so two settling games never wait on each other in a cycle. */
async function addRollups(tx: Tx, deltas: Map<number, RollupDelta>, at: Date): Promise<void> {
  if (deltas.size === 0) return;
  const day = dayOf(at);
  const rows = [...deltas].sort(([a], [b]) => a - b);
  const values = sql.join(
    rows.map(
      ([agentId, d]) =>
        sql`(${agentId}::bigint, ${day}::date, ${d.games}::int, ${d.rake.toString()}::bigint, ${d.units.toString()}::bigint, ${d.deposits.toString()}::bigint)`,
    ),
    sql`, `,
  );
  await tx.execute(sql`
    insert into agent_rollups (agent_id, day, games, rake, commission_units, deposits) values ${values}
    on conflict (agent_id, day) do update set
      games = agent_rollups.games + excluded.games,
      rake = agent_rollups.rake + excluded.rake,
      commission_units = agent_rollups.commission_units + excluded.commission_units,
      deposits = agent_rollups.deposits + excluded.deposits`);
}
