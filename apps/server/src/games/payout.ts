import type { PlayerResult } from '@durak/engine';

/** What a finished game pays: the bank split between the players and the house. */
export interface GamePayout {
  /** What each player gets back from the room's bank (stake included), in seat order. */
  readonly payouts: readonly { readonly player: string; readonly amount: bigint }[];
  /** The house's share, bank -> rake account. */
  readonly rake: bigint;
  /** Each player's signed balance change: payout minus stake (the spec's Bet). */
  readonly bets: readonly { readonly playerId: string; readonly amount: bigint }[];
}

/**
 * Splits a finished game's bank (DESIGN.md §5). Every player staked `bet`. The stakes of the
 * losers (the durak in classic, everyone but the winner in death match) are what is won: the
 * rake comes off it, the rest is shared equally among the winners, remainder chips one each to
 * the earliest finishers. Winners and drawers get their own stake back; with no loser (a draw,
 * or no durak) every stake goes back and there is no rake.
 */
export function payoutOf(players: readonly string[], results: readonly PlayerResult[], bet: bigint, rakeBps: number): GamePayout {
  const byPlayer = new Map(results.map((r) => [r.player, r]));
  const losers = players.filter((p) => byPlayer.get(p)?.result === 'defeat');
  const byPlace = (a: string, b: string) =>
    (byPlayer.get(a)?.place ?? 99) - (byPlayer.get(b)?.place ?? 99) || players.indexOf(a) - players.indexOf(b);
  let winners = players.filter((p) => byPlayer.get(p)?.result === 'victory').sort(byPlace);
  // A game whose only non-losers drew still pays the losers' stakes to someone: those who drew.
  if (winners.length === 0) winners = players.filter((p) => byPlayer.get(p)?.result === 'draw').sort(byPlace);
  const payout = new Map<string, bigint>();
  for (const player of players) payout.set(player, losers.includes(player) ? 0n : bet);
  let rake = 0n;
  if (losers.length > 0 && winners.length > 0) {
    const won = bet * BigInt(losers.length);
    rake = (won * BigInt(rakeBps)) / 10_000n;
    const shared = won - rake;
    const each = shared / BigInt(winners.length);
    let remainder = shared - each * BigInt(winners.length);
    for (const winner of winners) {
      const extra = remainder > 0n ? 1n : 0n;
      remainder -= extra;
      payout.set(winner, payout.get(winner)! + each + extra);
    }
  } else {
    for (const player of players) payout.set(player, bet);
  }
  return {
    payouts: players.map((player) => ({ player, amount: payout.get(player)! })),
    rake,
    bets: players.map((playerId) => ({ playerId, amount: payout.get(playerId)! - bet })),
  };
}
