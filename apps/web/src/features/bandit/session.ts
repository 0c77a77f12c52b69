/** The session panel's figures: what this visit has won or lost, and for how long it has lasted. */

export interface SessionTally {
  readonly spins: number;
  /** Wins minus stakes, in chips. */
  readonly net: bigint;
}

export const emptyTally: SessionTally = { spins: 0, net: 0n };

export function addSpin(tally: SessionTally, bet: string, win: string): SessionTally {
  return { spins: tally.spins + 1, net: tally.net + BigInt(win) - BigInt(bet) };
}

/** 0:07, 12:30, 1:02:03. */
export function formatElapsed(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

/** The net result with its sign: +150, -40, 0. */
export function signedChips(net: bigint, format: (digits: string) => string): string {
  if (net > 0n) return `+${format(net.toString())}`;
  return format(net.toString());
}

/** Win sounds and the fanfare only for a real win: a cherry that gives the stake back is not one. */
export function isWinOverStake(bet: string, win: string): boolean {
  return BigInt(win) > BigInt(bet);
}
