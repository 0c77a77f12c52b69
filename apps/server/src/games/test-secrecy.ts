import { applyAction, cardCode, createGame, type Card, type GameState } from '@durak/engine';
import type { GameRecord } from '@durak/protocol';

/** Every state of a recorded game, by seq, re-dealt from its revealed seed. */
export function replay(record: GameRecord): GameState[] {
  if (!record.seed) throw new Error('the record has no seed');
  const created = createGame(
    record.options,
    record.players.map((p) => p.player_id),
    { seed: record.seed },
  );
  if (!created.ok) throw new Error(created.error.message);
  const states = [created.state];
  for (const { action } of record.actions) {
    const next = applyAction(states[states.length - 1]!, action);
    if (!next.ok) throw new Error(`replay refused ${action.type}: ${next.error.code}`);
    states.push(next.state);
  }
  return states;
}

function cardsIn(value: unknown, found: Card[] = []): Card[] {
  if (Array.isArray(value)) for (const v of value) cardsIn(v, found);
  else if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    if (typeof o.suit === 'string' && typeof o.rank === 'string') found.push({ suit: o.suit, rank: o.rank } as Card);
    else for (const v of Object.values(o)) cardsIn(v, found);
  }
  return found;
}

/**
 * The cards of other players' hands that a receiver could not know at a seq: in a hand, and never
 * face up before (on the table, in the discard, or the revealed trump card).
 */
export function secrecyViolations(
  record: GameRecord,
  states: readonly GameState[],
  messages: readonly { receiver: number; body: unknown }[],
): string[] {
  const publicUpTo: Set<string>[] = [];
  const seen = new Set<string>();
  for (const [seq, state] of states.entries()) {
    // A card played by the step's action is face up, even if the same step moves it into a hand.
    const action = record.actions.find((a) => a.seq === seq)?.action;
    if (action && 'cards' in action) for (const c of action.cards) seen.add(cardCode(c));
    if (action && 'card' in action) seen.add(cardCode(action.card));
    for (const slot of state.slots) {
      seen.add(cardCode(slot.attack_card));
      if (slot.defense_card) seen.add(cardCode(slot.defense_card));
    }
    for (const c of state.discard) seen.add(cardCode(c));
    if (state.is_trump_revealed) seen.add(cardCode(state.trump_card));
    publicUpTo.push(new Set(seen));
  }
  const problems: string[] = [];
  for (const m of messages) {
    const cards = cardsIn(m.body);
    if (cards.length === 0) continue;
    const seq = (m.body as { seq?: unknown }).seq;
    if (typeof seq !== 'number' || !states[seq]) {
      problems.push(`cards without a seq: ${JSON.stringify(m.body).slice(0, 200)}`);
      continue;
    }
    const state = states[seq]!;
    for (const c of cards) {
      const code = cardCode(c);
      state.players.forEach((player, seat) => {
        if (player === String(m.receiver)) return;
        if (state.hands[seat]!.some((h) => cardCode(h) === code) && !publicUpTo[seq]!.has(code)) {
          problems.push(`${m.receiver} saw ${code} of ${player} at seq ${seq}: ${JSON.stringify(m.body).slice(0, 200)}`);
        }
      });
    }
  }
  return problems;
}
