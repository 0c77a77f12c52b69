/** The reels' motion as numbers: which strip stops a reel shows while it turns to the server's stop. */

/** Full turns each reel makes before it settles: more for each reel to the right, so they stop left to right. */
export const TURNS_BY_REEL = [2, 3, 4] as const;
/** How long each reel turns, in ms; the third stops last. */
export const SPIN_MS_BY_REEL = [1100, 1600, 2100] as const;

export interface ReelMotion {
  readonly turns: readonly number[];
  readonly durationsMs: readonly number[];
}

/**
 * How the reels move: full turns and long eases, or, for a player who asked the system for less
 * motion, straight to the stop in a short slide. Either way the reels stop left to right.
 */
export function reelMotion(isReducedMotion: boolean): ReelMotion {
  return isReducedMotion ? { turns: [0, 0, 0], durationsMs: [250, 400, 550] } : { turns: TURNS_BY_REEL, durationsMs: SPIN_MS_BY_REEL };
}

const wrap = (stop: number, length: number) => ((stop % length) + length) % length;

/** The stops in the window when the reel shows `stop` on the payline: above, on the line, below. */
export function windowAt(stop: number, length: number): [number, number, number] {
  return [wrap(stop - 1, length), wrap(stop, length), wrap(stop + 1, length)];
}

export interface ReelTravel {
  /** The column of stops drawn top to bottom, in strip order; the reel slides it down. */
  readonly cells: readonly number[];
  /** How many stops the column slides: it starts with cell `distance + 1` on the line, ends with cell 1. */
  readonly distance: number;
}

/**
 * The way from the stop shown now to the target, as the strip passes the window. Symbols move
 * down like a real reel's: the stop above the line comes next, so the reel walks the strip
 * backwards, `turns` whole turns and then what is left to the target. The column holds exactly
 * the stops that pass, with one above and one below the window's line at both ends.
 */
export function reelTravel(from: number, to: number, length: number, turns: number): ReelTravel {
  const distance = wrap(from - to, length) + turns * length;
  const cells = Array.from({ length: distance + 3 }, (_, j) => wrap(to - 1 + j, length));
  return { cells, distance };
}
