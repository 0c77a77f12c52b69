export { applyAction } from './apply.js';
export { awaited } from './timeout.js';
export { chooseAction, simpleBotAction, type BotLevel, type BotOptions } from './bot.js';
export {
  RANKS,
  SUITS,
  beats,
  card,
  cardCode,
  hand,
  isSameCard,
  lowestCard,
  orderedDeck,
  rankValue,
  sortHand,
  type Card,
  type DeckSize,
  type Rank,
  type Suit,
} from './cards.js';
export { createGame, dealFromSeed, type CreateGameResult, type Deal, type DeckSource } from './create-game.js';
export { ENGINE_ERRORS, type EngineError, type EngineErrorCode } from './errors.js';
export { legalActions } from './legal.js';
export { DEFAULT_OPTIONS, turnSeconds, validateOptions, type CardTransferPermission, type GameOptions } from './options.js';
export { sha256Hex } from './sha256.js';
export { seedStream, shuffledDeck, type SeedStream } from './shuffle.js';
export type * from './types.js';
export { viewFor } from './view.js';
/** Two against two: a seat's team (0 = seats 0+2, 1 = seats 1+3), for anyone showing the teams (results, replays). */
export { isTeamMode, teamOf } from './teams.js';
