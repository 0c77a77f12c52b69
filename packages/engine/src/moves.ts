import { abandonBout, finishGame } from './bout-end.js';
import { oneCardList } from './cards.js';
import { noSeats, setHand, withSeat, withoutCard, withoutCards, type Step } from './draft.js';
import { accusedSeat } from './judge.js';
import type { Slot } from './types.js';

export function newSlot(slotId: number, attacker: number, card: Slot['attack_card'], isCheat: boolean): Slot {
  return { slot_id: slotId, attacker, attack_card: card, defense_card: null, is_attack_cheat: isCheat, is_defense_cheat: false };
}

/**
 * The slot with its defence card set (or cleared, after a catch). Written field by field, in
 * `newSlot`'s order, rather than as a spread: every slot then shares one object shape, which
 * keeps the rule checks that read slots on V8's fast path.
 */
export function withDefence(slot: Slot, card: Slot['defense_card'], isCheat: boolean): Slot {
  return { slot_id: slot.slot_id, attacker: slot.attacker, attack_card: slot.attack_card, defense_card: card, is_attack_cheat: slot.is_attack_cheat, is_defense_cheat: isCheat };
}

/** Puts attack cards on the table; also used by the timer's lead. */
export function playAttack(step: Step, seat: number, cards: readonly Slot['attack_card'][], cheats: readonly boolean[]): void {
  const { d } = step;
  if (cards.length === 1) {
    // The common case (every throw-in, most leads) without a loop and its growing arrays.
    const card = cards[0]!;
    const slotId = d.next_slot_id;
    d.slots = [...d.slots, newSlot(slotId, seat, card, cheats[0] === true)];
    d.next_slot_id = slotId + 1;
    setHand(d, seat, withoutCard(d.hands[seat]!, card));
    d.passed = noSeats(d.passed);
    step.events.push({ type: 'played', player: d.players[seat]!, cards: oneCardList(card), slot_ids: [slotId] });
    return;
  }
  const slots = d.slots.slice();
  const slotIds: number[] = [];
  for (let i = 0; i < cards.length; i++) {
    slots.push(newSlot(d.next_slot_id, seat, cards[i]!, cheats[i] === true));
    slotIds.push(d.next_slot_id);
    d.next_slot_id += 1;
  }
  d.slots = slots;
  setHand(d, seat, withoutCards(d.hands[seat]!, cards));
  d.passed = noSeats(d.passed);
  step.events.push({ type: 'played', player: d.players[seat]!, cards: [...cards], slot_ids: slotIds });
}

export function catchCard(step: Step, seat: number, slotId: number): void {
  const { d } = step;
  const slot = d.slots.find((s) => s.slot_id === slotId)!;
  const accused = accusedSeat(d, slot);
  const caught = slot.defense_card !== null && slot.is_defense_cheat ? 'defence' : slot.is_attack_cheat ? 'attack' : null;
  if (caught === null) {
    d.catch_banned = withSeat(d.catch_banned, seat);
    step.events.push({ type: 'caught', player: d.players[seat]!, accused: d.players[accused]!, slot_id: slotId, card: null, is_correct: false });
    return;
  }
  if (caught === 'defence') {
    d.slots = d.slots.map((s) => (s.slot_id === slotId ? withDefence(s, null, false) : s));
    setHand(d, d.defender, [...d.hands[d.defender]!, slot.defense_card!]);
  } else {
    d.slots = d.slots.filter((s) => s.slot_id !== slotId);
    setHand(d, slot.attacker, [...d.hands[slot.attacker]!, slot.attack_card]);
    if (slot.defense_card !== null) setHand(d, d.defender, [...d.hands[d.defender]!, slot.defense_card]);
  }
  const owner = caught === 'defence' ? d.defender : slot.attacker;
  d.cheat_banned = withSeat(d.cheat_banned, owner);
  d.passed = [];
  // A successful catch changes the table, so a closing bout resumes.
  if (d.phase === 'catch_window') {
    d.phase = 'play';
    d.window_passed = [];
  }
  const card = caught === 'defence' ? slot.defense_card! : slot.attack_card;
  step.events.push({ type: 'caught', player: d.players[seat]!, accused: d.players[owner]!, slot_id: slotId, card, is_correct: true });
}

/** Classic: the leaver is the durak at once. Death match: out as a loser; the rest play on. */
export function surrender(step: Step, seat: number): void {
  const { d } = step;
  step.events.push({ type: 'surrendered', player: d.players[seat]! });
  const results = d.results.slice();
  results[seat] = 'defeat';
  if (d.options.is_classic_mode_allowed) {
    for (let s = 0; s < results.length; s++) if (results[s] === null) results[s] = 'victory';
    d.results = results;
    finishGame(step);
    return;
  }
  d.results = results;
  const remaining = results.filter((r) => r === null).length;
  if (remaining === 1) {
    d.results = results.map((r) => r ?? 'victory');
    finishGame(step);
    return;
  }
  // The leaver's cards leave the game face down; a bout they led or defended is void.
  d.discard = [...d.discard, ...d.hands[seat]!];
  setHand(d, seat, []);
  const involved = seat === d.attacker || seat === d.defender || d.slots.some((s) => s.attacker === seat);
  if (involved) abandonBout(step, seat);
  d.passed = d.passed.filter((s) => s !== seat);
}
