import { sha256Hex, type GameState } from '@durak/engine';
import type { RoomsConfig } from '../room-core/rooms-config.js';

/**
 * The pause before a bot's move at this step (a practice bot's or the stand-in's), drawn from
 * the game's secret seed: a replay pauses alike, and the pause looks like a person thinking.
 */
export function botPauseMs(state: GameState, config: RoomsConfig): number {
  const { min, max } = config.botDelayMs;
  if (max <= min) return min;
  const draw = Number.parseInt(sha256Hex(`bot-pause:${state.seed}:${state.seq}`).slice(0, 8), 16);
  return min + (draw % (max - min + 1));
}
