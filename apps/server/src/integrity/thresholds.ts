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
     * feeder's losses went to this one winner (a ring's feeder loses only to its receiver); a loss
     * that looks given — by surrender, timeout or leaving, within a few moves, or with moves a
     * `hard` bot would never make (the larger of the quick-loss and the gift share: a ring that
     * plays on to hide the surrender gives the game away instead); a private room and a 1-vs-1
     * table (nobody else at the table to see or to win the chips); a newcomer feeder — a young
     * account or one freshly funded (ring feeders are made, or topped up, for the job).
     */
    weights: { concentration: 0.25, given: 0.35, privateRoom: 0.1, headsUp: 0.1, newcomer: 0.2 },
    /** Own moves up to this many in a lost game count as a quick loss. */
    quickLossMoves: 4,
    /**
     * Gifts (`replay.ts`: taking a beatable bout or leading a high trump once the talon is out) per
     * lost game: the simulation's honest bots, who play at random half the time, make up to 0.7 a
     * game (the bench flagged 2 of 50 honest players when one a game counted fully); the share
     * rises from `honestGiftsPerGame` to 1 at `giftsPerGame`.
     */
    honestGiftsPerGame: 0.7,
    giftsPerGame: 2,
    /** An account younger than this at the first shared game is young. */
    youngDays: 7,
    /**
     * Chips from outside the tables (a deposit, a purchase, a promo code, a bonus or reward) within
     * this many hours before the feeder's stake in its first game lost to the receiver: freshly funded.
     */
    freshFundingHours: 24,
    /** The ledger's kinds of chips from outside the tables. */
    fundingKinds: ['deposit', 'promo_code', 'welcome_bonus', 'referral_bonus', 'daily_reward', 'conversion_in', 'admin_adjustment'],
  },

  linkedAccounts: {
    /** The same device id or Telegram user: the same person or household, certainly. */
    device: 0.5,
    telegram: 0.5,
    /** The same address within `addressWindowMinutes`: weak (families, offices, carriers). */
    address: 0.2,
    addressWindowMinutes: 60,
    /**
     * An address seen with more accounts than this links nobody: a carrier's NAT, an office or a
     * venue (every player of a test or a bench on one machine is 127.0.0.1); pairing all of them
     * was hundreds of thousands of pairs, seconds of the event loop the tables share.
     */
    addressMaxAccounts: 8,
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
    /**
     * The `hard` bot's choice, compared on the player's own real choices once the talon is out
     * (two legal moves or more, one the bot makes itself), at most `decisionsPerSeat` a game (each
     * costs the bot's search, in the bot worker), over at least `minDecisions`. Measured on 10
     * games each against `normal` (`replay.ts`): the `hard` bot with another seed matches 0.96,
     * the `normal` bot 0.78, the simulation's honest bots 0.77, the `easy` bot 0.64. The score
     * rises from `humanMatch` to 1 at `fullMatch`; a case opens at 0.91, well over two standard
     * deviations above the `normal` bot's rate at 60 decisions, under the `hard` bot's.
     */
    decisionsPerSeat: 6,
    minDecisions: 60,
    humanMatch: 0.85,
    fullMatch: 0.95,
  },

  standInShare: {
    /** Moves in bet rooms below this say nothing. */
    minMoves: 60,
    /** The share of the player's bet-room moves made by the stand-in that opens a case at score 1. */
    fullShare: 0.5,
  },
} as const;
