/**
 * Stable error codes of the engine. `rule/*` rejects an action, `option/*` rejects a game's
 * options, `game/*` rejects a deal. packages/protocol types its rule codes from these (clients
 * switch on them), so never rename one.
 */
export const ENGINE_ERRORS = {
  notYourTurn: 'rule/not_your_turn',
  notInGame: 'rule/not_in_game',
  cardNotInHand: 'rule/card_not_in_hand',
  cardDoesNotBeat: 'rule/card_does_not_beat',
  rankNotOnTable: 'rule/rank_not_on_table',
  mixedRanks: 'rule/mixed_ranks',
  noCards: 'rule/no_cards',
  tableFull: 'rule/table_full',
  transferNotAllowed: 'rule/transfer_not_allowed',
  noSuchSlot: 'rule/no_such_slot',
  slotAlreadyBeaten: 'rule/slot_already_beaten',
  gameOver: 'rule/game_over',
  cannotBeatYet: 'rule/cannot_beat_yet',
  nothingToTake: 'rule/nothing_to_take',
  alreadyTaking: 'rule/already_taking',
  cheatingNotAllowed: 'rule/cheating_not_allowed',
  nothingToCatch: 'rule/nothing_to_catch',
  catchForfeited: 'rule/catch_forfeited',
  catchWindowOpen: 'rule/catch_window_open',
  optionDeckSize: 'option/deck_size',
  optionPlayerCount: 'option/player_count',
  optionTooManyForDeck: 'option/too_many_players_for_deck',
  optionEnding: 'option/ending',
  optionTransferPermission: 'option/card_transfer_permission',
  optionPlayers: 'option/players',
  optionTeamMode: 'option/team_mode',
  badDeck: 'game/bad_deck',
  badSeed: 'game/bad_seed',
} as const;

export type EngineErrorCode = (typeof ENGINE_ERRORS)[keyof typeof ENGINE_ERRORS];

/** An expected failure: a stable code and a human message (English, for logs and developers). */
export interface EngineError {
  readonly code: EngineErrorCode;
  readonly message: string;
}

export type Failure = { readonly ok: false; readonly error: EngineError };

export function fail(code: EngineErrorCode, message: string): Failure {
  return { ok: false, error: { code, message } };
}
