import type { DeckSize } from './cards.js';
import { ENGINE_ERRORS, fail, type Failure } from './errors.js';

export type CardTransferPermission = 'ALL_PLAYERS' | 'NEIGHBORS_ONLY';

/** A game's options, under the room's own field names. */
export interface GameOptions {
  readonly deck_size: DeckSize;
  readonly player_count: number;
  readonly is_transfer_allowed: boolean;
  readonly card_transfer_permission: CardTransferPermission;
  readonly is_draw_allowed: boolean;
  readonly is_death_match_allowed: boolean;
  readonly is_classic_mode_allowed: boolean;
  readonly secret_trump_mode: boolean;
  readonly is_cheating_allowed: boolean;
  readonly is_speed_mode: boolean;
  /**
   * Two against two (4 players): partners sit opposite (seats 0+2 and 1+3) and never attack,
   * throw in on or transfer to each other; the durak's team loses. Absent in games stored before
   * the option existed, which read as false.
   */
  readonly is_team_mode?: boolean;
  /**
   * Games dealt before issue 40's fix keep the seat order they were played with: a player who has
   * played their last card with the talon empty stays in it until the bout ends. Set by the server
   * for those games only, so their records replay exactly; absent (the default) = the fixed rule.
   */
  readonly is_legacy_seat_order?: boolean;
}

export const DEFAULT_OPTIONS: GameOptions = {
  deck_size: 36,
  player_count: 2,
  is_transfer_allowed: false,
  card_transfer_permission: 'ALL_PLAYERS',
  is_draw_allowed: false,
  is_death_match_allowed: false,
  is_classic_mode_allowed: true,
  secret_trump_mode: false,
  is_cheating_allowed: false,
  is_speed_mode: false,
};

/** Checks a room's options against the rules; an error names the broken rule. */
export function validateOptions(options: GameOptions): { ok: true } | Failure {
  if (options.deck_size !== 24 && options.deck_size !== 36 && options.deck_size !== 52) {
    return fail(ENGINE_ERRORS.optionDeckSize, 'deck_size must be 24, 36 or 52');
  }
  if (!Number.isInteger(options.player_count) || options.player_count < 2 || options.player_count > 6) {
    return fail(ENGINE_ERRORS.optionPlayerCount, 'player_count must be 2 to 6');
  }
  if (options.deck_size === 24 && options.player_count > 4) {
    return fail(ENGINE_ERRORS.optionTooManyForDeck, 'a 24-card deck seats at most 4 players');
  }
  if (options.is_classic_mode_allowed === options.is_death_match_allowed) {
    return fail(ENGINE_ERRORS.optionEnding, 'exactly one of is_classic_mode_allowed and is_death_match_allowed');
  }
  if (options.card_transfer_permission !== 'ALL_PLAYERS' && options.card_transfer_permission !== 'NEIGHBORS_ONLY') {
    return fail(ENGINE_ERRORS.optionTransferPermission, 'card_transfer_permission must be ALL_PLAYERS or NEIGHBORS_ONLY');
  }
  if (options.is_team_mode === true && options.player_count !== 4) {
    return fail(ENGINE_ERRORS.optionTeamMode, 'team mode is for exactly 4 players');
  }
  return { ok: true };
}

/** Turn timer length in seconds: speed mode halves it (the server may configure both). */
export function turnSeconds(options: Pick<GameOptions, 'is_speed_mode'>, normal = 30, speed = 15): number {
  return options.is_speed_mode ? speed : normal;
}
