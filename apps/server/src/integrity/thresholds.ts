/**
 * Every score weight and threshold of the fair-play signals (FEATURES.md §12), in one place, each
 * with its reason. Tuned on the red-team simulation (`integrity/red-team.test.ts` and
 * `bench/integrity.mjs`): honest bots beside a dumping ring, a soft-play pair, a timing bot and a
 * seat handed to the stand-in; the bench prints how many games each took to flag and how many
 * honest players were flagged. A score is 0..1; a case opens at `caseThreshold`.
 */
export const thresholds = {
  /** A score at or over this opens (or updates) a case. */
  caseThreshold: 0.6,

  chipDumping: {
    /** Fewer shared games than this say nothing: one rage-quit between strangers is not a ring. */
    minGames: 2,
    /** Nor does a flow under this many of the pair's average stakes. */
    minStakes: 2,
    /**
     * Weights of what makes a loss look given rather than lost (they add up to 1): how much of the
     * feeder's losses went to this one winner (a ring's feeder loses only to its receiver); losing by
     * surrender, timeout or leaving, or within a few moves (nobody plays for that); a private room
     * and a 1-vs-1 table (nobody else at the table to see or to win the chips); a young account
     * (ring feeders are made for the job).
     */
    weights: { concentration: 0.25, quickLoss: 0.35, privateRoom: 0.1, headsUp: 0.1, young: 0.2 },
    /** Own moves up to this many in a lost game count as a quick loss. */
    quickLossMoves: 4,
    /** An account younger than this at the first shared game is young. */
    youngDays: 7,
  },

  linkedAccounts: {
    /** The same device id or Telegram user: the same person or household, certainly. */
    device: 0.5,
    telegram: 0.5,
    /** The same address within `addressWindowMinutes`: weak (families, offices, carriers). */
    address: 0.2,
    addressWindowMinutes: 60,
    /** A referral between linked accounts is what self-referral looks like. */
    referral: 0.3,
    /** Chips flowing between linked accounts over their games. */
    sharedGames: 0.3,
  },

  softPlay: {
    /** Chances (bouts where one could throw in on the other) below this say nothing. */
    minChances: 25,
    /**
     * How much less often a player throws in on the partner than on the others, as
     * 1 - rate(partner) / rate(others), the smaller of the two directions: honest players press
     * everyone alike (the simulation's honest pairs stay under 0.3).
     */
    minOthersRate: 0.05,
  },

  machinePlay: {
    /** Decision times over fewer own moves say nothing. */
    minMoves: 100,
    /** A median decision under this many ms is faster than people play a card. */
    fastMedianMs: 600,
    /** A coefficient of variation (stdev / mean) under this is steadier than any person. */
    regularCv: 0.2,
  },

  standInShare: {
    /** Moves in bet rooms below this say nothing. */
    minMoves: 60,
    /** The share of the player's bet-room moves made by the stand-in that opens a case at score 1. */
    fullShare: 0.5,
  },
} as const;
