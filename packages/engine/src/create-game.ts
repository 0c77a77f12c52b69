import { cardCode, isSameCard, orderedDeck, rankValue, type Card, type DeckSize } from './cards.js';
import { ENGINE_ERRORS, fail, type Failure } from './errors.js';
import { validateOptions, type GameOptions } from './options.js';
import { sha256Hex } from './sha256.js';
import { seedStream, shuffledDeck, type SeedStream } from './shuffle.js';
import type { GameEvent, GameState, PlayerId } from './types.js';

/** Where the deck comes from: a secret seed (production) or an explicit order (tests). */
export type DeckSource = { readonly seed: string } | { readonly deck: readonly Card[] };

export type CreateGameResult = { readonly ok: true; readonly state: GameState; readonly events: readonly GameEvent[] } | Failure;

const HAND_SIZE = 6;

/**
 * Deals a new game. Deal contract: deck card 0 to the first player, card 1 to the second,
 * round-robin until each holds 6; the rest is the talon in order; the deck's last card is the
 * trump card, drawn last. The first attacker holds the lowest trump; when nobody does (or in
 * secret trump mode) a player is drawn from the seed.
 */
export function createGame(options: GameOptions, players: readonly PlayerId[], source: DeckSource): CreateGameResult {
  const valid = validateOptions(options);
  if (!valid.ok) return valid;
  if (players.length !== options.player_count) {
    return fail(ENGINE_ERRORS.optionPlayers, `expected ${options.player_count} players, got ${players.length}`);
  }
  if (new Set(players).size !== players.length || players.some((p) => typeof p !== 'string' || p === '')) {
    return fail(ENGINE_ERRORS.optionPlayers, 'player ids must be distinct non-empty strings');
  }
  let deck: Card[];
  let stream: SeedStream;
  let seed: string | null = null;
  if ('seed' in source) {
    if (typeof source.seed !== 'string' || source.seed === '') return fail(ENGINE_ERRORS.badSeed, 'the seed must be a non-empty string');
    seed = source.seed;
    stream = seedStream(seed);
    deck = shuffledDeck(seed, options.deck_size, stream);
  } else {
    const problem = deckProblem(source.deck, options.deck_size);
    if (problem !== null) return fail(ENGINE_ERRORS.badDeck, problem);
    deck = [...source.deck];
    stream = seedStream(`deck:${deck.map(cardCode).join(' ')}`);
  }
  return { ok: true, ...deal(options, players, deck, stream, seed) };
}

function deckProblem(deck: readonly Card[], deckSize: DeckSize): string | null {
  if (deck.length !== deckSize) return `the deck must hold ${deckSize} cards`;
  const full = orderedDeck(deckSize);
  for (const c of deck) {
    if (!full.some((f) => isSameCard(f, c))) return `${cardCode(c)} is not in a ${deckSize}-card deck`;
  }
  if (new Set(deck.map(cardCode)).size !== deck.length) return 'the deck holds a card twice';
  return null;
}

function deal(
  options: GameOptions,
  players: readonly PlayerId[],
  deck: readonly Card[],
  stream: SeedStream,
  seed: string | null,
): { state: GameState; events: GameEvent[] } {
  const playerCount = players.length;
  const hands: Card[][] = players.map(() => []);
  for (let i = 0; i < HAND_SIZE * playerCount; i++) hands[i % playerCount]!.push(deck[i]!);
  const talon = deck.slice(HAND_SIZE * playerCount);
  const trumpCard = deck[deck.length - 1]!;
  const attacker = options.secret_trump_mode
    ? stream.nextInt(playerCount)
    : (lowestTrumpHolder(hands, trumpCard) ?? stream.nextInt(playerCount));
  const defender = (attacker + 1) % playerCount;
  // With no talon (6 players on 36 cards) the trump card is already in a hand, so it is shown.
  const isTrumpRevealed = !options.secret_trump_mode || talon.length === 0;
  const seedHash = seed === null ? null : sha256Hex(seed);
  const state: GameState = {
    options,
    players: [...players],
    hands,
    talon,
    trump_card: trumpCard,
    is_trump_revealed: isTrumpRevealed,
    discard: [],
    is_first_discard_done: false,
    slots: [],
    next_slot_id: 1,
    attacker,
    defender,
    phase: 'play',
    is_taking: false,
    passed: [],
    window_passed: [],
    cheat_banned: [],
    catch_banned: [],
    finishing_order: [],
    results: players.map(() => null),
    expiries: players.map(() => 0),
    seq: 0,
    seed,
    seed_hash: seedHash,
  };
  const events: GameEvent[] = [
    { type: 'dealt', players: state.players, trump_card: isTrumpRevealed ? trumpCard : null, seed_hash: seedHash },
    { type: 'bout_started', attacker: players[attacker]!, defender: players[defender]! },
  ];
  return { state, events };
}

function lowestTrumpHolder(hands: readonly Card[][], trumpCard: Card): number | null {
  let holder: number | null = null;
  let lowest = Infinity;
  hands.forEach((hand, seat) => {
    for (const c of hand) {
      if (c.suit === trumpCard.suit && rankValue(c.rank) < lowest) {
        lowest = rankValue(c.rank);
        holder = seat;
      }
    }
  });
  return holder;
}

/** A deal re-created from a revealed seed. */
export interface Deal {
  readonly deck: readonly Card[];
  readonly hands: readonly (readonly Card[])[];
  readonly talon: readonly Card[];
  readonly trump_card: Card;
  readonly seed_hash: string;
}

/** Re-deals a finished game from its revealed seed: the hands, talon and trump card it started with. */
export function dealFromSeed(seed: string, deckSize: DeckSize, playerCount: number): Deal {
  const deck = shuffledDeck(seed, deckSize);
  const hands: Card[][] = Array.from({ length: playerCount }, () => []);
  for (let i = 0; i < HAND_SIZE * playerCount; i++) hands[i % playerCount]!.push(deck[i]!);
  return { deck, hands, talon: deck.slice(HAND_SIZE * playerCount), trump_card: deck[deck.length - 1]!, seed_hash: sha256Hex(seed) };
}
