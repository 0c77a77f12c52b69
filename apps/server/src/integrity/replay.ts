import {
  applyAction,
  beats,
  chooseAction,
  createGame,
  legalActions,
  rankValue,
  viewFor,
  type Action,
  type Card,
  type GameOptions,
  type GameState,
  type GameView,
} from '@durak/engine';
import { thresholds } from './thresholds.js';

/**
 * What a finished game's recorded moves say about each seat, found by playing the game again
 * with the engine from its revealed seed (FEATURES.md §12). Run once per finished game by the
 * background scan (`scan.ts`), never on the move path; the signals read the stored figures.
 */

/** How a finished game began: its options, the seats' players and the seed revealed at the end. */
export interface GameSetup {
  readonly options: GameOptions;
  readonly players: readonly string[];
  readonly seed: string;
}

/** One recorded step: the engine action (null for the deal) and what made it (null: the player's own move). */
export interface RecordedStep {
  readonly action: Action | null;
  readonly cause: string | null;
}

/** Per seat: how many of its own decisions the `hard` bot was asked about, how many it chose alike, and the gifts. */
export interface SeatFacts {
  readonly decisions: number;
  readonly matches: number;
  /** Moves a `hard` bot would never make: taking a bout it could beat once the talon is out, leading a high trump then. */
  readonly gifts: number;
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** The `hard` bot's choice from a player's view with a seed (off the event loop in the server: the bot worker). */
export type HardChoice = (view: GameView, seed: string) => Promise<Action | null>;

/** On the spot, on this thread (the tests and the simulation without a worker). */
export const hardOnTheSpot: HardChoice = async (view, seed) => chooseAction(view, { level: 'hard', seed });

/**
 * Plays the game again and answers each person's facts. The `hard` bot is asked about at most
 * `thresholds.machinePlay.decisionsPerSeat` of a seat's own real choices (two legal moves or more,
 * one the bot makes itself) once the talon is out: there the search sees nearly everything and
 * its choice is the best move, where people and the other levels often differ; earlier, its
 * choice is one of several about as good. `hard` null: only the gifts are counted.
 */
export async function seatFacts(
  setup: GameSetup,
  steps: readonly RecordedStep[],
  hard: HardChoice | null = hardOnTheSpot,
): Promise<Map<string, SeatFacts>> {
  const facts = new Map<string, Mutable<SeatFacts>>();
  const created = createGame(setup.options, setup.players, { seed: setup.seed });
  if (!created.ok) return facts;
  let state: GameState = created.state;
  const factsOf = (player: string) => {
    const found = facts.get(player) ?? { decisions: 0, matches: 0, gifts: 0 };
    facts.set(player, found);
    return found;
  };
  const asked: { player: string; view: GameView; seed: string; action: Action }[] = [];
  const askedOf = new Map<string, number>();
  for (const step of steps) {
    const action = step.action;
    if (action === null) continue;
    if (step.cause === null && action.type !== 'timeout') {
      const mine = factsOf(action.player);
      if (isGift(state, action)) mine.gifts += 1;
      const count = askedOf.get(action.player) ?? 0;
      if (hard !== null && state.talon.length === 0 && count < thresholds.machinePlay.decisionsPerSeat) {
        const view = viewFor(state, action.player);
        if (legalActions(view, action.player).length >= 2) {
          asked.push({ player: action.player, view, seed: `integrity:${setup.seed}:${action.player}:${state.seq}`, action });
          askedOf.set(action.player, count + 1);
        }
      }
    }
    const applied = applyAction(state, action);
    if (!applied.ok) break;
    state = applied.state;
  }
  for (const question of asked) {
    const bot = await hard!(question.view, question.seed);
    // Null: not the bot's decision (a throw-in it leaves to others), not counted.
    if (bot === null) continue;
    const mine = factsOf(question.player);
    mine.decisions += 1;
    if (isSameAction(bot, question.action)) mine.matches += 1;
  }
  return facts;
}

/**
 * A move a `hard` bot would never make (§12), once the talon is out and every card counts toward
 * who is left holding the cards (the bet): taking a bout the defender could beat with its own
 * hand, or opening a bout with a high trump (queen or higher) while holding a plain card to lead.
 */
export function isGift(state: GameState, action: Action): boolean {
  if (state.talon.length > 0 || state.phase === 'finished') return false;
  const seat = state.players.indexOf(action.type === 'timeout' ? '' : action.player);
  if (seat < 0) return false;
  const hand = state.hands[seat]!;
  const trump = state.trump_card.suit;
  if (action.type === 'take') return seat === state.defender && !state.is_taking && canBeatAll(state, hand);
  if (action.type === 'attack' && state.slots.length === 0)
    return action.cards.every((c) => c.suit === trump && rankValue(c.rank) >= rankValue('Q')) && hand.some((c) => c.suit !== trump);
  return false;
}

/** Whether the hand covers every open attack, each with its own card (strongest attacks first, cheapest cover). */
function canBeatAll(state: GameState, hand: readonly Card[]): boolean {
  const trump = state.trump_card.suit;
  const open = state.slots.filter((s) => s.defense_card === null).map((s) => s.attack_card);
  if (open.length === 0) return false;
  const strength = (c: Card) => rankValue(c.rank) + (c.suit === trump ? 100 : 0);
  const left = [...hand].sort((a, b) => strength(a) - strength(b));
  for (const attack of [...open].sort((a, b) => strength(b) - strength(a))) {
    const i = left.findIndex((c) => beats(attack, c, trump));
    if (i < 0) return false;
    left.splice(i, 1);
  }
  return true;
}

const cardKey = (c: Card) => `${c.rank}${c.suit}`;

/** The same move: the type, the cards (in any order) and the slot. */
export function isSameAction(a: Action, b: Action): boolean {
  if (a.type !== b.type) return false;
  if (a.type === 'attack' && b.type === 'attack') return a.cards.map(cardKey).sort().join() === b.cards.map(cardKey).sort().join();
  if (a.type === 'defence' && b.type === 'defence') return a.slot_id === b.slot_id && cardKey(a.card) === cardKey(b.card);
  if (a.type === 'transfer' && b.type === 'transfer') return cardKey(a.card) === cardKey(b.card);
  return true;
}
