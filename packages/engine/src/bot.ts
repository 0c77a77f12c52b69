import { cardWeight, type Suit } from './cards.js';
import type { Action, GameView, Rng } from './types.js';

/**
 * A simple bot: plays the cheapest card that works (non-trumps before trumps, low before high),
 * takes when it cannot beat, says beat when nothing sensible is left. Never cheats, catches or
 * surrenders. `rng` breaks ties between equally cheap moves.
 */
export function chooseAction(view: GameView, legal: readonly Action[], rng: Rng): Action | null {
  if (legal.length === 0) return null;
  const trump: Suit | null = view.trump_suit;
  const weight = (a: Action): number => {
    if (a.type === 'attack') return a.cards.reduce((sum, c) => sum + cardWeight(c, trump ?? 'clubs'), 0) / a.cards.length - a.cards.length * 0.1;
    if (a.type === 'defence' || a.type === 'transfer') return cardWeight(a.card, trump ?? 'clubs') + (a.type === 'transfer' ? 0.5 : 0);
    return Infinity;
  };
  const pick = (candidates: readonly Action[]): Action | null => {
    if (candidates.length === 0) return null;
    let best: Action[] = [];
    let bestWeight = Infinity;
    for (const a of candidates) {
      const w = weight(a);
      if (w < bestWeight) {
        best = [a];
        bestWeight = w;
      } else if (w === bestWeight) best.push(a);
    }
    return best[Math.floor(rng() * best.length)] ?? null;
  };
  const of = (type: Action['type']): Action[] => legal.filter((a) => a.type === type);
  if (view.phase === 'catch_window') return of('beat')[0] ?? null;
  const isLead = view.round.slots.length === 0;
  if (isLead) return pick(of('attack'));
  if (view.turn.current_defender_user_id === view.viewer) {
    return pick(of('defence')) ?? pick(of('transfer')) ?? of('take')[0] ?? of('beat')[0] ?? null;
  }
  // A throw-in with a trump or a high card helps the defender less than it costs the bot.
  const cheapThrowIns = of('attack').filter((a) => a.type === 'attack' && a.cards.every((c) => c.suit !== trump && c.rank !== 'A'));
  return pick(cheapThrowIns) ?? of('beat')[0] ?? null;
}
