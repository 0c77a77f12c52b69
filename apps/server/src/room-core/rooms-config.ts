import { z } from 'zod';

/** Timings and money settings of rooms and games (DESIGN.md §5, §8). */
export interface RoomsConfig {
  /** Turn timer of a normal room, seconds. */
  readonly turnSeconds: number;
  /** Turn timer of a speed room, seconds. */
  readonly speedTurnSeconds: number;
  /** How long a cheating room's catch window stays open, seconds. */
  readonly catchWindowSeconds: number;
  /** A seated player who has not pressed ready within this long loses the seat, seconds. */
  readonly readySeconds: number;
  /**
   * A room that waits for players closes when nobody sits down or leaves for this long (every
   * seated player already ready), seconds: the lobby shows only tables that may still start.
   */
  readonly openRoomSeconds: number;
  /** House rake in basis points of what is won, per wallet type (default 500 = 5%). */
  readonly rakeBps: { readonly BALANCE: number; readonly BONUS_BALANCE: number };
  /** How often each node looks for expired deadlines, ms (0: no sweeper, tests fire it by hand). */
  readonly sweepIntervalMs: number;
  /**
   * Each player's time bank per game, seconds (TIME_BANK_SECONDS): when a turn timer runs out
   * the awaited player's bank runs before the timeout applies (FEATURES.md §6).
   */
  readonly timeBankSeconds: number;
  /** Emoji a user may send per room in a 10 s window. */
  readonly emojiPer10s: number;
  /** Game actions a user may send per second on one node. */
  readonly actionsPerSecond: number;
  /** The pause between two tournament rounds, seconds: eliminated players may rebuy meanwhile. */
  readonly tournamentBreakSeconds: number;
  /** The length of an arena's minute, seconds (FEATURES.md §15): tests shorten an arena with it. */
  readonly arenaMinuteSeconds: number;
  /**
   * A practice room's computer player acts after a pause in this range, ms (BOT_DELAY_MS=min-max),
   * drawn from the game's seed so a replay pauses alike.
   */
  readonly botDelayMs: { readonly min: number; readonly max: number };
  /**
   * A seated player without a connection to the room's channel for this long in a running game is
   * played by the computer until they return (STAND_IN_SECONDS, FEATURES.md §11), seconds.
   */
  readonly standInSeconds: number;
  /** Prefix of the realtime broker's Redis keys (REDIS_PREFIX): nodes of one installation share it. */
  readonly redisPrefix?: string | undefined;
}

export const defaultRoomsConfig: RoomsConfig = {
  turnSeconds: 30,
  speedTurnSeconds: 15,
  catchWindowSeconds: 3,
  readySeconds: 60,
  openRoomSeconds: 600,
  rakeBps: { BALANCE: 500, BONUS_BALANCE: 500 },
  sweepIntervalMs: 250,
  timeBankSeconds: 30,
  emojiPer10s: 5,
  actionsPerSecond: 20,
  tournamentBreakSeconds: 15,
  arenaMinuteSeconds: 60,
  botDelayMs: { min: 600, max: 1500 },
  standInSeconds: 20,
};

const seconds = z.coerce.number().positive().max(3600);
const envSchema = z.object({
  TURN_SECONDS: seconds.optional(),
  SPEED_TURN_SECONDS: seconds.optional(),
  CATCH_WINDOW_SECONDS: seconds.optional(),
  READY_SECONDS: seconds.optional(),
  OPEN_ROOM_SECONDS: z.coerce.number().positive().max(86_400).optional(),
  RAKE_BPS: z.coerce.number().int().min(0).max(10_000).optional(),
  BONUS_RAKE_BPS: z.coerce.number().int().min(0).max(10_000).optional(),
  TIME_BANK_SECONDS: z.coerce.number().min(0).max(3600).optional(),
  TIMER_SWEEP_MS: z.coerce.number().int().min(0).max(60_000).optional(),
  EMOJI_PER_10S: z.coerce.number().int().min(1).max(1000).optional(),
  ACTIONS_PER_SECOND: z.coerce.number().int().min(1).max(100_000).optional(),
  TOURNAMENT_BREAK_SECONDS: z.coerce.number().min(0).max(3600).optional(),
  ARENA_MINUTE_SECONDS: z.coerce.number().min(0.1).max(3600).optional(),
  BOT_DELAY_MS: z
    .string()
    .regex(/^\d{1,5}(-\d{1,5})?$/, 'min-max in ms, as 600-1500 (or one number)')
    .transform((v) => v.split('-').map(Number))
    .refine(([min = 0, max = min]) => min <= max, 'min must not exceed max')
    .optional(),
  STAND_IN_SECONDS: z.coerce.number().min(0).max(3600).optional(),
  REDIS_PREFIX: z
    .string()
    .regex(/^[\w:.-]{1,64}$/, 'letters, digits and _ : . - only')
    .optional(),
});

/** Reads the rooms' settings from the environment; a bad value names its variable. */
export function loadRoomsConfig(env: NodeJS.ProcessEnv): { ok: true; config: RoomsConfig } | { ok: false; message: string } {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    return {
      ok: false,
      message: `Invalid configuration:\n${parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n')}`,
    };
  }
  const e = parsed.data;
  const d = defaultRoomsConfig;
  return {
    ok: true,
    config: {
      turnSeconds: e.TURN_SECONDS ?? d.turnSeconds,
      speedTurnSeconds: e.SPEED_TURN_SECONDS ?? d.speedTurnSeconds,
      catchWindowSeconds: e.CATCH_WINDOW_SECONDS ?? d.catchWindowSeconds,
      readySeconds: e.READY_SECONDS ?? d.readySeconds,
      openRoomSeconds: e.OPEN_ROOM_SECONDS ?? d.openRoomSeconds,
      rakeBps: { BALANCE: e.RAKE_BPS ?? d.rakeBps.BALANCE, BONUS_BALANCE: e.BONUS_RAKE_BPS ?? e.RAKE_BPS ?? d.rakeBps.BONUS_BALANCE },
      sweepIntervalMs: e.TIMER_SWEEP_MS ?? d.sweepIntervalMs,
      timeBankSeconds: e.TIME_BANK_SECONDS ?? d.timeBankSeconds,
      emojiPer10s: e.EMOJI_PER_10S ?? d.emojiPer10s,
      actionsPerSecond: e.ACTIONS_PER_SECOND ?? d.actionsPerSecond,
      tournamentBreakSeconds: e.TOURNAMENT_BREAK_SECONDS ?? d.tournamentBreakSeconds,
      arenaMinuteSeconds: e.ARENA_MINUTE_SECONDS ?? d.arenaMinuteSeconds,
      botDelayMs: e.BOT_DELAY_MS ? { min: e.BOT_DELAY_MS[0]!, max: e.BOT_DELAY_MS[1] ?? e.BOT_DELAY_MS[0]! } : d.botDelayMs,
      standInSeconds: e.STAND_IN_SECONDS ?? d.standInSeconds,
      redisPrefix: e.REDIS_PREFIX,
    },
  };
}
