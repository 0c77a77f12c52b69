import { teamOf, type Card, type GameEvent, type GameState } from '@durak/engine';
import type { ReplayStep } from '@durak/protocol';
import { cardLabel } from '../cards/sprite';

type Translate = (key: string, options?: Record<string, unknown>) => string;

const cardsText = (cards: readonly Card[]) => cards.map(cardLabel).join(' ');

/**
 * What a step did, in the player's language ("Anna attacks with 7♠", "Igor takes"): read from the
 * step's action and the events re-applying it produced; `before` is the table it was played on.
 * `say` is the `replay` namespace's t (not named t: the common namespace's key check reads `t(` calls).
 */
export function stepText(
  say: Translate,
  step: ReplayStep | null,
  events: readonly GameEvent[],
  before: GameState | null,
  nameOf: (userId: string) => string,
): string {
  const parts = [actionText(say, step, events, before, nameOf)];
  if (step?.is_stand_in === true) parts[0] = `${parts[0]} ${say('step.by_stand_in')}`;
  const over = events.find((e) => e.type === 'game_over');
  if (over?.type === 'game_over') {
    const durak = over.results.find((r) => r.result === 'defeat');
    if (!durak) parts.push(say('step.game_over_draw'));
    // Two against two: both partners lose, so the caption names the team (1: seats 1 and 3, 2: seats 2 and 4).
    else if (before?.options.is_team_mode === true)
      parts.push(say('step.game_over_team', { team: say('rules:team_name', { n: teamOf(before.players.indexOf(durak.player)) + 1 }) }));
    else parts.push(say('step.game_over', { name: nameOf(durak.player) }));
  }
  return parts.join(' · ');
}

function actionText(
  say: Translate,
  step: ReplayStep | null,
  events: readonly GameEvent[],
  before: GameState | null,
  nameOf: (userId: string) => string,
): string {
  if (step === null) {
    const dealt = events.find((e) => e.type === 'dealt');
    const trump = dealt?.type === 'dealt' ? dealt.trump_card : null;
    return trump ? say('step.deal', { card: cardLabel(trump) }) : say('step.deal_secret');
  }
  const { action } = step;
  if (action.type === 'timeout') {
    const out = events.find((e) => e.type === 'timed_out');
    return out?.type === 'timed_out' ? say('step.timeout', { name: nameOf(out.player) }) : say('step.window_closed');
  }
  const name = nameOf(action.player);
  switch (action.type) {
    case 'attack':
      // A card put on a bout that already has cards is thrown in; the bout's first is the attack.
      return say((before?.slots.length ?? 0) > 0 ? 'step.throw_in' : 'step.attack', { name, cards: cardsText(action.cards) });
    case 'defence': {
      const slot = before?.slots.find((s) => s.slot_id === action.slot_id);
      return say('step.defence', { name, card: cardLabel(action.card), attack: slot ? cardLabel(slot.attack_card) : '?' });
    }
    case 'transfer': {
      const moved = events.find((e) => e.type === 'transferred');
      const target = moved?.type === 'transferred' ? nameOf(moved.defender) : '?';
      return say('step.transfer', { name, card: cardLabel(action.card), target });
    }
    case 'beat':
      return say('step.beat', { name });
    case 'take':
      return say('step.take', { name });
    case 'catch': {
      const caught = events.find((e) => e.type === 'caught');
      if (caught?.type !== 'caught') return say('step.catch_wrong', { name, accused: '?' });
      return say(caught.is_correct ? 'step.catch_right' : 'step.catch_wrong', { name, accused: nameOf(caught.accused) });
    }
    case 'surrender':
      return say('step.surrender', { name });
  }
}
