import { abandonBout, finishGame } from './bout-end.js';
import { oneCardList } from './cards.js';
import { noSeats, setHand, withSeat, withoutCard, withoutCards, type Step } from './draft.js';
import { accusedSeat } from './judge.js';
import { isTeamMode, teamOf, teamResults } from './teams.js';
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
  return {
    slot_id: slot.slot_id,
    attacker: slot.attacker,
    attack_card: slot.attack_card,
    defense_card: card,
    is_attack_cheat: slot.is_attack_cheat,
    is_defense_cheat: isCheat,
  };
}

/** Puts attack cards on the table; also used by the timer's lead. */
export function playAttack(step: Step, seat: number, cards: readonly Slot['attack_card'][], cheats: readonly boolean[]): void {
  const { draft } = step;
  if (cards.length === 1) {
    // The common case (every throw-in, most leads) without a loop and its growing arrays.
    const card = cards[0]!;
    const slotId = draft.next_slot_id;
    draft.slots = [...draft.slots, newSlot(slotId, seat, card, cheats[0] === true)];
    draft.next_slot_id = slotId + 1;
    setHand(draft, seat, withoutCard(draft.hands[seat]!, card));
    draft.passed = noSeats(draft.passed);
    step.events.push({ type: 'played', player: draft.players[seat]!, cards: oneCardList(card), slot_ids: [slotId] });
    return;
  }
  const slots = draft.slots.slice();
  const slotIds: number[] = [];
  for (let i = 0; i < cards.length; i++) {
    slots.push(newSlot(draft.next_slot_id, seat, cards[i]!, cheats[i] === true));
    slotIds.push(draft.next_slot_id);
    draft.next_slot_id += 1;
  }
  draft.slots = slots;
  setHand(draft, seat, withoutCards(draft.hands[seat]!, cards));
  draft.passed = noSeats(draft.passed);
  step.events.push({ type: 'played', player: draft.players[seat]!, cards: [...cards], slot_ids: slotIds });
}

export function catchCard(step: Step, seat: number, slotId: number): void {
  const { draft } = step;
  const slot = draft.slots.find((s) => s.slot_id === slotId)!;
  const accused = accusedSeat(draft, slot);
  const caught = slot.defense_card !== null && slot.is_defense_cheat ? 'defence' : slot.is_attack_cheat ? 'attack' : null;
  if (caught === null) {
    draft.catch_banned = withSeat(draft.catch_banned, seat);
    step.events.push({
      type: 'caught',
      player: draft.players[seat]!,
      accused: draft.players[accused]!,
      slot_id: slotId,
      card: null,
      is_correct: false,
    });
    return;
  }
  if (caught === 'defence') {
    draft.slots = draft.slots.map((s) => (s.slot_id === slotId ? withDefence(s, null, false) : s));
    setHand(draft, draft.defender, [...draft.hands[draft.defender]!, slot.defense_card!]);
  } else {
    draft.slots = draft.slots.filter((s) => s.slot_id !== slotId);
    setHand(draft, slot.attacker, [...draft.hands[slot.attacker]!, slot.attack_card]);
    if (slot.defense_card !== null) setHand(draft, draft.defender, [...draft.hands[draft.defender]!, slot.defense_card]);
  }
  const owner = caught === 'defence' ? draft.defender : slot.attacker;
  draft.cheat_banned = withSeat(draft.cheat_banned, owner);
  draft.passed = [];
  // A successful catch changes the table, so a closing bout resumes.
  if (draft.phase === 'catch_window') {
    draft.phase = 'play';
    draft.window_passed = [];
  }
  const card = caught === 'defence' ? slot.defense_card! : slot.attack_card;
  step.events.push({
    type: 'caught',
    player: draft.players[seat]!,
    accused: draft.players[owner]!,
    slot_id: slotId,
    card,
    is_correct: true,
  });
}

/**
 * Classic: the leaver is the durak at once. Death match: out as a loser; the rest play on. Team
 * mode (either ending): the leaver's team loses at once.
 */
export function surrender(step: Step, seat: number): void {
  const { draft } = step;
  step.events.push({ type: 'surrendered', player: draft.players[seat]! });
  if (isTeamMode(draft.options)) {
    draft.results = teamResults(draft.players.length, teamOf(seat));
    finishGame(step);
    return;
  }
  const results = draft.results.slice();
  results[seat] = 'defeat';
  if (draft.options.is_classic_mode_allowed) {
    for (let s = 0; s < results.length; s++) if (results[s] === null) results[s] = 'victory';
    draft.results = results;
    finishGame(step);
    return;
  }
  draft.results = results;
  const remaining = results.filter((r) => r === null).length;
  if (remaining === 1) {
    draft.results = results.map((r) => r ?? 'victory');
    finishGame(step);
    return;
  }
  // The leaver's cards leave the game face down; a bout they led or defended is void.
  draft.discard = [...draft.discard, ...draft.hands[seat]!];
  setHand(draft, seat, []);
  const involved = seat === draft.attacker || seat === draft.defender || draft.slots.some((s) => s.attacker === seat);
  if (involved) abandonBout(step, seat);
  draft.passed = draft.passed.filter((s) => s !== seat);
}
