import { applyAction, cardCode, createGame, shuffledDeck, type Card, type GameEvent, type GameState } from '@durak/engine';
import type { ReplayAnswer } from './replay.js';

/** The table after a number of steps: frame 0 is the deal, frame N the table after step N. */
export interface ReplayFrame {
  readonly state: GameState;
  /** The events re-applying this step produced (the deal's for frame 0). */
  readonly events: readonly GameEvent[];
}

/** Why a replay does not re-apply to what the server recorded; `seq` is the step that broke it (0: the deal). */
export interface ReplayProblem {
  readonly code: 'replay/deck' | 'replay/refused' | 'replay/diverged' | 'replay/result';
  readonly seq: number;
  readonly message: string;
}

export type Reapplied =
  { readonly ok: true; readonly frames: readonly ReplayFrame[] } | { readonly ok: false; readonly problem: ReplayProblem };

type ReplayInput = Pick<ReplayAnswer, 'options' | 'seed' | 'players' | 'deck' | 'steps' | 'result'>;

/** JSON equality that ignores key order (the database's JSONB keeps its own order). */
function isSameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const keysB = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  if (keysA.length !== keysB.length) return false;
  return keysA.every((k) => isSameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

const codes = (cards: readonly Card[]) => cards.map(cardCode).join(' ');

const broken = (code: ReplayProblem['code'], seq: number, message: string): Reapplied => ({ ok: false, problem: { code, seq, message } });

/**
 * Re-applies a finished game with the engine, as the replay page does in the browser: deals from
 * the seed, checks the deck is the seed's shuffle and the hands were dealt from it, applies every
 * step, checks each produced the recorded events, and that the end is the recorded result.
 */
export function reapplyReplay(replay: ReplayInput): Reapplied {
  const players = [...replay.players].sort((a, b) => a.seat - b.seat).map((p) => p.user_id);
  const shuffle = shuffledDeck(replay.seed, replay.options.deck_size);
  if (codes(shuffle) !== codes(replay.deck)) return broken('replay/deck', 0, 'the deck is not the seed’s shuffle');
  const created = createGame(replay.options, players, { seed: replay.seed });
  if (!created.ok) return broken('replay/refused', 0, created.error.message);
  const dealt = created.state.hands.every((hand, seat) =>
    hand.every((c, i) => cardCode(c) === cardCode(replay.deck[i * players.length + seat]!)),
  );
  if (!dealt) return broken('replay/deck', 0, 'the hands were not dealt from the deck');
  const frames: ReplayFrame[] = [{ state: created.state, events: created.events }];
  let state: GameState = created.state;
  for (const step of replay.steps) {
    const applied = applyAction(state, step.action);
    if (!applied.ok) return broken('replay/refused', step.seq, `${applied.error.code}: ${applied.error.message}`);
    if (applied.state.seq !== step.seq) return broken('replay/diverged', step.seq, `the engine is at seq ${applied.state.seq}`);
    if (!isSameJson(applied.events, step.events)) return broken('replay/diverged', step.seq, 'the step produced other events');
    state = applied.state;
    frames.push({ state, events: applied.events });
  }
  const over = frames[frames.length - 1]!.events.find((e) => e.type === 'game_over');
  if (state.phase !== 'finished' || over?.type !== 'game_over') return broken('replay/result', state.seq, 'the game does not end');
  const recorded = replay.result.map((r) => ({ player: r.player_id, result: r.result, place: r.place }));
  const byPlayer = (a: { player: string }, b: { player: string }) => a.player.localeCompare(b.player);
  if (!isSameJson([...over.results].sort(byPlayer), recorded.sort(byPlayer))) return broken('replay/result', state.seq, 'another result');
  return { ok: true, frames };
}
