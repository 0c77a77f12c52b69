import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from './db.js';

/**
 * The one lock order of every transaction that takes more than one of these row locks
 * (docs/architecture.md "Lock order"); taken the other way round by two transactions at once,
 * PostgreSQL breaks the tie by failing one of them (deadlock_detected, 40P01):
 *
 * 1. rooms (`lockRoom`; several: by id, `lockTournamentRooms`);
 * 2. the tournament (`lockTournament`);
 * 3. the stake's own row: a bandit seed, a deposit, a promo code, an integrity case;
 * 4. users' rows: the stake guard's `lockAccount`, any `update users` (several: by id);
 * 5. wallets (`accounts`, the ledger: by id);
 * 6. what hangs off a user after the money: player_stats (by user id), entries, rollups.
 *
 * A transaction may skip levels, never go back up one. A path that must act on a later level
 * first (a break leaving its tables) commits and takes the room in a transaction of its own.
 */

/**
 * The users' rows of a finishing game, by id, before its wallets: its last transaction updates
 * them (last played) after paying out, and a player staking elsewhere at that moment holds their
 * row (the stake guard) while waiting for their wallet. FOR NO KEY UPDATE, as an UPDATE takes it:
 * rows that merely reference the user (ratings, seats) are not held up.
 */
export async function lockUserRows(tx: Tx, userIds: readonly number[]): Promise<void> {
  if (userIds.length === 0) return;
  await queryRows(tx, sql`select id from users where id = any(${`{${userIds.join(',')}}`}::bigint[]) order by id for no key update`);
}

/** The tournament's row, as `lockTournament` takes it, for a path that must take it before its users and wallets. */
export async function lockTournamentRow(tx: Tx, tournamentId: number): Promise<void> {
  await queryRows(tx, sql`select id from tournaments where id = ${tournamentId} for update`);
}
