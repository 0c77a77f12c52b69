/**
 * The arena's pure rules (FEATURES.md §15): the points of one game with the streak rule, who sits
 * with whom when players are free, and the order of the board. No I/O: the service feeds rows in
 * and writes what comes back.
 */
import { pairKey, roomSizes } from './knockout.js';

export interface ArenaScore {
  readonly points: number;
  readonly games: number;
  readonly wins: number;
  /** Wins in a row. */
  readonly streak: number;
}

export interface ArenaOutcome {
  readonly result: 'victory' | 'defeat' | 'draw';
  /** Why the player's game ended: `normal`, or a surrender, a timeout, leaving. */
  readonly reason: string;
}

/** Points of a win on a streak (two wins in a row before it), and of an ordinary win or a draw. */
export const STREAK_WIN_POINTS = 4;
export const WIN_POINTS = 2;
export const DRAW_POINTS = 1;

/**
 * One finished game: 2 for a win, 1 for a draw, 0 for the durak. After two wins in a row each
 * further win scores 4, until a game that is not a win. A surrender, a timeout or leaving scores
 * 0 and ends the streak, whatever the table's result said.
 */
export function scoreGame(before: ArenaScore, outcome: ArenaOutcome): { gained: number; after: ArenaScore } {
  const games = before.games + 1;
  if (outcome.reason !== 'normal' || outcome.result === 'defeat') return { gained: 0, after: { ...before, games, streak: 0 } };
  if (outcome.result === 'draw')
    return { gained: DRAW_POINTS, after: { ...before, games, points: before.points + DRAW_POINTS, streak: 0 } };
  const gained = before.streak >= 2 ? STREAK_WIN_POINTS : WIN_POINTS;
  return { gained, after: { points: before.points + gained, games, wins: before.wins + 1, streak: before.streak + 1 } };
}

export interface FreePlayer {
  readonly userId: number;
  /** When they became free, ms: the longest waiting are seated first. */
  readonly freeSince: number;
  /** Who sat at their last table (themselves excluded). */
  readonly lastTable: readonly number[];
}

/** The longest waiting first (then the lower id). */
const byWait = (a: FreePlayer, b: FreePlayer) => a.freeSince - b.freeSince || a.userId - b.userId;
const metLast = (a: FreePlayer, b: FreePlayer) => a.lastTable.includes(b.userId) || b.lastTable.includes(a.userId);
const pairsIn = (table: readonly FreePlayer[], holds: (a: FreePlayer, b: FreePlayer) => boolean) => {
  let pairs = 0;
  for (let i = 0; i < table.length; i++) for (let j = i + 1; j < table.length; j++) if (holds(table[i]!, table[j]!)) pairs++;
  return pairs;
};

/**
 * Seats the free players: tables of `tableSize` whose sizes differ by at most one (an odd one out
 * waits for the next player to come free). The longest waiting is seated first, with the longest
 * waiting players they did not just play; a table repeats a last game only when nobody else is
 * free to break it up. Then any table left with a repeat swaps a player with another table or with
 * the one waiting, when that removes the repeat.
 *
 * `linked`: pairs of linked accounts (`pairKey`, FEATURES.md §12) that must never share a table.
 * They are kept apart before any repeat is, and a table that still holds one after the swaps
 * seats only its longest waiting of them: the other waits for someone else to come free.
 */
export function pairFree(players: readonly FreePlayer[], tableSize: number, linked: ReadonlySet<string> = new Set()): number[][] {
  const isLinked = (a: FreePlayer, b: FreePlayer) => linked.has(pairKey(a.userId, b.userId));
  // A linked pair outweighs every repeat a table of six could hold.
  const costOf = (table: readonly FreePlayer[]) => pairsIn(table, isLinked) * 100 + pairsIn(table, metLast);
  const queue = [...players].sort(byWait);
  const sizes = roomSizes(queue.length, tableSize).filter((size) => size >= 2);
  const tables: FreePlayer[][] = [];
  for (const size of sizes) {
    const table = [queue.shift()!];
    while (table.length < size) {
      let next = queue.findIndex((p) => table.every((q) => !isLinked(p, q) && !metLast(p, q)));
      if (next < 0) next = queue.findIndex((p) => table.every((q) => !isLinked(p, q)));
      table.push(queue.splice(Math.max(next, 0), 1)[0]!);
    }
    tables.push(table);
  }
  // The players still waiting take part in the swaps as one more group that is never seated.
  const groups = [...tables, queue];
  for (let t = 0; t < tables.length; t++) {
    if (costOf(tables[t]!) === 0) continue;
    swap: for (let g = 0; g < groups.length; g++) {
      if (g === t) continue;
      for (let i = 0; i < tables[t]!.length; i++) {
        for (let j = 0; j < groups[g]!.length; j++) {
          const a = [...tables[t]!];
          const b = [...groups[g]!];
          [a[i], b[j]] = [b[j]!, a[i]!];
          const isSeated = g < tables.length;
          const before = costOf(tables[t]!) + (isSeated ? costOf(groups[g]!) : 0);
          if (costOf(a) + (isSeated ? costOf(b) : 0) < before) {
            tables[t] = a;
            groups[t] = a;
            groups[g] = b;
            if (isSeated) tables[g] = b;
            if (costOf(a) === 0) break swap;
          }
        }
      }
    }
  }
  // Of a linked pair still together, the longer waiting stays; the table keeps its seat order.
  const withoutLinked = (table: readonly FreePlayer[]) => {
    const kept: FreePlayer[] = [];
    for (const p of [...table].sort(byWait)) if (kept.every((q) => !isLinked(p, q))) kept.push(p);
    return table.filter((p) => kept.includes(p));
  };
  return tables
    .map(withoutLinked)
    .filter((table) => table.length >= 2)
    .map((table) => table.map((p) => p.userId));
}

/** Whether everyone at the table sat together at their last table too: the same game again. */
export function isRematch(table: readonly FreePlayer[]): boolean {
  return table.length >= 2 && table.every((p, i) => table.every((q, j) => i === j || metLast(p, q)));
}

export interface RankedEntry extends ArenaScore {
  readonly userId: number;
  /** When the player reached their score, ms; null before their first point. */
  readonly scoredAt: number | null;
}

/** The board's order: more points, then more wins, then fewer games, then the earlier to reach the score. */
export function compareStanding(a: RankedEntry, b: RankedEntry): number {
  return (
    b.points - a.points ||
    b.wins - a.wins ||
    a.games - b.games ||
    (a.scoredAt ?? Number.POSITIVE_INFINITY) - (b.scoredAt ?? Number.POSITIVE_INFINITY) ||
    a.userId - b.userId
  );
}
