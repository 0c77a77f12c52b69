import { card, hand, type Action } from '@durak/engine';
import { describe, expect, it } from 'vitest';
import { intentOf, movesOf } from './play-logic';

const me = '1';

describe('play logic', () => {
  it('highlights exactly the cards the engine allows and shows beat only when legal', () => {
    const actions: Action[] = [
      { type: 'attack', player: me, cards: hand('6S') },
      { type: 'attack', player: me, cards: hand('6S 6H') },
      { type: 'attack', player: me, cards: hand('6H') },
      { type: 'surrender', player: me },
    ];
    const moves = movesOf(actions);
    expect([...moves.playable].sort()).toEqual(['6-hearts', '6-spades']);
    expect(moves.canBeat).toBe(false);
    expect(moves.canTake).toBe(false);
  });

  it('a tap on an attack card plays it at once', () => {
    const moves = movesOf([{ type: 'attack', player: me, cards: hand('9C') }]);
    expect(intentOf(moves, card('9C'))).toEqual({ kind: 'attack', card: card('9C') });
    expect(intentOf(moves, card('10C'))).toEqual({ kind: 'none' });
  });

  it('defends the only slot a card beats, and asks when it beats several', () => {
    const one = movesOf([
      { type: 'defence', player: me, slot_id: 1, card: card('QH') },
      { type: 'take', player: me },
    ]);
    expect(intentOf(one, card('QH'))).toEqual({ kind: 'defence', card: card('QH'), slot_id: 1 });
    expect(one.canTake).toBe(true);
    const two = movesOf([
      { type: 'defence', player: me, slot_id: 1, card: card('AS') },
      { type: 'defence', player: me, slot_id: 2, card: card('AS') },
    ]);
    expect(intentOf(two, card('AS'))).toMatchObject({ kind: 'choose', slots: [1, 2], canTransfer: false });
  });

  it('transfers when that is the card’s only use, and asks when it could also defend', () => {
    const only = movesOf([{ type: 'transfer', player: me, card: card('7D') }]);
    expect(intentOf(only, card('7D'))).toEqual({ kind: 'transfer', card: card('7D') });
    const both = movesOf([
      { type: 'transfer', player: me, card: card('7S') },
      { type: 'defence', player: me, slot_id: 3, card: card('7S') },
    ]);
    expect(intentOf(both, card('7S'))).toMatchObject({ kind: 'choose', slots: [3], canTransfer: true });
  });

  it('lists the slots that may be caught in a cheating room', () => {
    expect([...movesOf([{ type: 'catch', player: me, slot_id: 4 }]).catchable]).toEqual([4]);
  });
});
