import { card, legalActions, type GameView } from '@durak/engine';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { aView } from '../../test-support/table';
import { refusalText } from './card-reason';
import { HandView } from './hand-view';
import { movesOf, refusalOf } from './play-logic';

const i18n = i18next.createInstance();
beforeAll(async () => {
  const game = JSON.parse(readFileSync(join(import.meta.dirname, '../../../public/locales/en/game.json'), 'utf8')) as Record<
    string,
    unknown
  >;
  await i18n
    .use(initReactI18next)
    .init({ lng: 'en', resources: { en: { game } }, ns: ['game'], defaultNS: 'game', interpolation: { escapeValue: false } });
  // A touch-capable browser (a touch laptop, devtools phone emulation): the case that lost clicks.
  Object.defineProperty(window, 'ontouchstart', { value: null, configurable: true });
  Object.defineProperty(navigator, 'maxTouchPoints', { value: 5, configurable: true });
});
afterEach(cleanup);

const cards = [card('7S'), card('QH'), card('AD')];

function showHand(onTap = vi.fn(), onDrop = vi.fn(), playable = new Set(['Q-hearts'])) {
  render(
    <I18nextProvider i18n={i18n}>
      <HandView
        cards={cards}
        width={360}
        cardWidth={60}
        playable={playable}
        picked={null}
        isMyMove
        isAnyCardAllowed={false}
        onTap={onTap}
        onDrop={onDrop}
      />
    </I18nextProvider>,
  );
  return { onTap, onDrop, queen: screen.getByRole('button', { name: 'queen of hearts' }) };
}

describe('a hand card takes a tap, a click and a drag alike', () => {
  it('a mouse click in a touch-capable browser plays the card, once', () => {
    const { onTap, queen } = showHand();
    fireEvent.pointerDown(queen, { pointerType: 'mouse', button: 0, pointerId: 1, clientX: 100, clientY: 300 });
    fireEvent.pointerUp(queen, { pointerType: 'mouse', button: 0, pointerId: 1, clientX: 102, clientY: 301 });
    // The browser's own click that follows the pointer events does not play it a second time.
    fireEvent.click(queen, { detail: 1 });
    expect(onTap).toHaveBeenCalledTimes(1);
    expect(onTap).toHaveBeenCalledWith(card('QH'));
  });

  it('a finger’s tap and a keyboard’s Enter do the same', () => {
    const { onTap, queen } = showHand();
    fireEvent.pointerDown(queen, { pointerType: 'touch', pointerId: 2, clientX: 50, clientY: 300 });
    fireEvent.pointerUp(queen, { pointerType: 'touch', pointerId: 2, clientX: 50, clientY: 300 });
    fireEvent.click(queen, { detail: 0 });
    expect(onTap).toHaveBeenCalledTimes(2);
  });

  it('a mouse drag onto a slot drops the card there, not as a tap', () => {
    const slot = document.createElement('div');
    slot.dataset.slotId = '3';
    document.body.append(slot);
    document.elementFromPoint = vi.fn(() => slot);
    const { onTap, onDrop, queen } = showHand();
    fireEvent.pointerDown(queen, { pointerType: 'mouse', button: 0, pointerId: 1, clientX: 100, clientY: 300 });
    fireEvent.pointerMove(queen, { pointerType: 'mouse', pointerId: 1, clientX: 120, clientY: 150 });
    expect(queen.style.translate).toBe('20px -150px');
    fireEvent.pointerUp(queen, { pointerType: 'mouse', pointerId: 1, clientX: 120, clientY: 150 });
    expect(onDrop).toHaveBeenCalledWith(card('QH'), 3);
    expect(onTap).not.toHaveBeenCalled();
    expect(queen.style.translate).toBe('');
    slot.remove();
  });

  it('a card that may not be played still answers a tap (so the table can say why)', () => {
    const { onTap } = showHand();
    const seven = screen.getByRole('button', { name: 'seven of spades' });
    expect(seven.getAttribute('aria-disabled')).toBe('true');
    fireEvent.pointerDown(seven, { pointerType: 'mouse', button: 0, pointerId: 1, clientX: 10, clientY: 300 });
    fireEvent.pointerUp(seven, { pointerType: 'mouse', button: 0, pointerId: 1, clientX: 10, clientY: 300 });
    expect(onTap).toHaveBeenCalledWith(card('7S'));
  });
});

describe('why a card may not be played', () => {
  const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, options);
  // Player 1 defends against the queen of hearts (hearts are trump) holding 7♠, K♥ and 9♣.
  const defending = (): GameView =>
    ({
      ...aView(5, [card('7S'), card('KH'), card('9C')]),
      turn: { current_attacker_user_id: '2', current_defender_user_id: '1' },
      round: {
        slots: [{ slot_id: 1, attacker: 1, attack_card: card('QH'), defense_card: null, is_attack_cheat: false, is_defense_cheat: false }],
        player_status: {},
      },
    }) as unknown as GameView;

  it('a defender’s card that does not beat the attack card names that card', () => {
    const view = defending();
    const moves = movesOf(legalActions(view, '1'));
    expect(moves.playable.has('K-hearts')).toBe(true);
    expect(refusalText(t, refusalOf(view, '1', moves), 'hearts')).toBe('This card does not beat the queen of hearts, trump');
  });

  it('out of turn, and a rank not on the table when throwing in', () => {
    const view = defending();
    expect(refusalText(t, refusalOf(view, '2', movesOf([])), 'hearts')).toBe('It is not your move now');
    const throwing = { ...view, turn: { current_attacker_user_id: '1', current_defender_user_id: '2' } } as GameView;
    const moves = movesOf([
      { type: 'attack', player: '1', cards: [card('QS')] },
      { type: 'beat', player: '1' },
    ]);
    expect(refusalText(t, refusalOf(throwing, '1', moves), 'hearts')).toBe('Only a rank already on the table can be added');
  });
});
