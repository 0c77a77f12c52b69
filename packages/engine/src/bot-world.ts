// Determinisation: one full game state consistent with what a player sees, the unseen cards dealt
// at random. The `hard` bot plays its candidate moves forward in many such worlds.
import { cardCode, orderedDeck, type Card } from './cards.js';
import type { GameState, GameView, Rng, Slot } from './types.js';

/** The cards the viewer cannot place: the others' hands, the talon and the discard. */
function unseenCards(view: GameView): Card[] {
  const seen = new Set<string>();
  for (const c of view.hand) seen.add(cardCode(c));
  for (const s of view.round.slots) {
    seen.add(cardCode(s.attack_card));
    if (s.defense_card !== null) seen.add(cardCode(s.defense_card));
  }
  if (view.trump_card !== null && view.talon_count > 0) seen.add(cardCode(view.trump_card));
  return orderedDeck(view.options.deck_size).filter((c) => !seen.has(cardCode(c)));
}

function takeRandom(pool: Card[], rng: Rng): Card {
  const index = Math.floor(rng() * pool.length);
  const card = pool[index]!;
  pool[index] = pool[pool.length - 1]!;
  pool.pop();
  return card;
}

/** A state the view could have come from; `viewer` must be the view's own player. */
export function sampleWorld(view: GameView, rng: Rng): GameState {
  const { players } = view;
  const seatOf = (id: string): number => players.indexOf(id);
  const viewerSeat = seatOf(view.viewer!);
  const pool = unseenCards(view);
  let trumpCard: Card;
  if (view.trump_card !== null) trumpCard = view.trump_card;
  else trumpCard = pool.length > 0 ? takeRandom(pool, rng) : view.hand[0]!; // a hidden trump: any unseen card
  const hands = players.map((id, seat) => {
    if (seat === viewerSeat) return view.hand;
    const hand: Card[] = [];
    for (let i = 0; i < view.seats[id]!.card_count && pool.length > 0; i++) hand.push(takeRandom(pool, rng));
    return hand;
  });
  const talon: Card[] = [];
  if (view.talon_count > 0) {
    for (let i = 0; i < view.talon_count - 1 && pool.length > 0; i++) talon.push(takeRandom(pool, rng));
    talon.push(trumpCard);
  } else if (view.trump_card === null) pool.push(trumpCard);
  const defender = seatOf(view.turn.current_defender_user_id);
  const slots: Slot[] = view.round.slots.map((s) => ({
    slot_id: s.slot_id,
    attacker: seatOf(s.attacker),
    attack_card: s.attack_card,
    defense_card: s.defense_card,
    is_attack_cheat: false,
    is_defense_cheat: false,
  }));
  const status = view.round.player_status;
  return {
    options: view.options,
    players,
    hands,
    talon,
    trump_card: trumpCard,
    is_trump_revealed: view.trump_card !== null,
    discard: pool,
    is_first_discard_done: view.is_first_discard_done,
    slots,
    next_slot_id: slots.reduce((m, s) => Math.max(m, s.slot_id), 0) + 1,
    attacker: seatOf(view.turn.current_attacker_user_id),
    defender,
    phase: view.phase,
    is_taking: status[players[defender]!] === 'take',
    passed: players.map((_, seat) => seat).filter((seat) => status[players[seat]!] === 'beat'),
    window_passed: view.catch_window_passed.map(seatOf),
    cheat_banned: view.cheat_banned.map(seatOf),
    catch_banned: view.catch_banned.map(seatOf),
    finishing_order: view.finishing_order.map(seatOf),
    results: players.map((id) => view.seats[id]!.result),
    expiries: players.map(() => 0),
    seq: view.seq,
    seed: null,
    seed_hash: null,
  };
}
