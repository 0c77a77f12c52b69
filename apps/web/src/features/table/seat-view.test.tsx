import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ReactNode } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ActionBar } from './action-bar';
import { movesOf, NO_MOVES } from './play-logic';
import { EmptySeat, SeatView, type SeatProps } from './seat-view';
import type { WatchSeat } from '@durak/protocol';

const i18n = i18next.createInstance();
beforeAll(async () => {
  const game = JSON.parse(readFileSync(join(import.meta.dirname, '../../../public/locales/ru/game.json'), 'utf8')) as Record<
    string,
    unknown
  >;
  await i18n.use(initReactI18next).init({ lng: 'ru', resources: { ru: { game } }, interpolation: { escapeValue: false } });
});
afterEach(cleanup);

const wrap = (node: ReactNode) => render(<I18nextProvider i18n={i18n}>{node}</I18nextProvider>);

const seat = (patch: Partial<WatchSeat> = {}): WatchSeat => ({
  position: 1,
  player: { player_id: '7', username: 'Константинопольский' },
  avatar: 'http://example.com/a.png',
  country: 'KZ',
  card_count: 4,
  is_ready: false,
  is_connected: true,
  is_bot: false,
  stand_in: false,
  result: null,
  amount: null,
  result_reason: null,
  time_bank_ms: 30_000,
  ...patch,
});

const props = (patch: Partial<SeatProps> = {}): SeatProps => ({
  seat: seat(),
  isAttacker: false,
  isDefender: false,
  isPlaying: true,
  roundStatus: undefined,
  timer: undefined,
  isMe: false,
  emoji: null,
  onTap: () => undefined,
  ...patch,
});

describe('seat', () => {
  it('shows the name cut to 8 plus an ellipsis, the card count and a placeholder for a non-https avatar', () => {
    wrap(<SeatView {...props()} />);
    expect(screen.getByText('Констант…', { exact: false })).toBeTruthy();
    expect(screen.getByTestId('seat-card-count').textContent).toBe('4');
    expect(screen.getByTestId('avatar-placeholder')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'KZ' })).toBeTruthy();
  });

  it('marks a computer player, and only a computer player', () => {
    wrap(<SeatView {...props({ seat: seat({ is_bot: true }) })} />);
    expect(screen.getByTestId('seat-bot').getAttribute('aria-label')).toBe('Компьютерный игрок');
    cleanup();
    wrap(<SeatView {...props()} />);
    expect(screen.queryByTestId('seat-bot')).toBeNull();
  });

  it('marks the attacker with a sword and the defender with a shield', () => {
    wrap(<SeatView {...props({ isAttacker: true })} />);
    expect(screen.getByLabelText('Ходит')).toBeTruthy();
    cleanup();
    wrap(<SeatView {...props({ isDefender: true })} />);
    expect(screen.getByLabelText('Отбивается')).toBeTruthy();
  });

  it('says ready before the game and offline when not connected, unless the result is victory', () => {
    wrap(<SeatView {...props({ isPlaying: false, seat: seat({ is_ready: true }) })} />);
    expect(screen.getByTestId('seat-label').textContent).toBe('готов');
    cleanup();
    wrap(<SeatView {...props({ seat: seat({ is_connected: false }) })} />);
    expect(screen.getByTestId('seat-offline').textContent).toBe('не в сети');
    cleanup();
    wrap(<SeatView {...props({ seat: seat({ is_connected: false, result: 'victory' }) })} />);
    expect(screen.queryByTestId('seat-offline')).toBeNull();
    expect(screen.getByTestId('seat-label').textContent).toBe('победа');
  });

  it('shows everyone that the computer plays a dropped player\'s seat, instead of just "offline"', () => {
    wrap(<SeatView {...props({ seat: seat({ is_connected: false, stand_in: true }) })} />);
    expect(screen.getByTestId('seat-stand-in').textContent).toContain('Играет компьютер');
    expect(screen.queryByTestId('seat-offline')).toBeNull();
    cleanup();
    wrap(<SeatView {...props({ seat: seat({ stand_in: false }) })} />);
    expect(screen.queryByTestId('seat-stand-in')).toBeNull();
  });

  it.each([
    ['defeat', 'дурак'],
    ['draw', 'ничья'],
    ['late_joined', 'ожидание'],
  ] as const)('shows the result %s as "%s"', (result, text) => {
    wrap(<SeatView {...props({ seat: seat({ result }) })} />);
    expect(screen.getByTestId('seat-label').textContent).toBe(text);
  });

  it('an empty seat says свободно and a tap takes it', () => {
    const onSit = vi.fn();
    wrap(<EmptySeat position={3} canSit onSit={onSit} />);
    expect(screen.getByText('свободно')).toBeTruthy();
    fireEvent.click(screen.getByRole('button'));
    expect(onSit).toHaveBeenCalledWith(3);
  });
});

describe('an opponent’s hand and time bank', () => {
  it('draws the hand as that many card backs, each named as a card back', () => {
    wrap(<SeatView {...props({ seat: seat({ card_count: 5 }) })} />);
    const backs = screen.getAllByRole('img', { name: 'рубашка карты' });
    expect(backs).toHaveLength(5);
    expect(screen.getByRole('group', { name: 'Карт на руках: 5' })).toBeTruthy();
  });

  it('the player’s own seat shows no backs (the hand is at the bottom)', () => {
    wrap(<SeatView {...props({ isMe: true })} />);
    expect(screen.queryAllByTestId('seat-back')).toHaveLength(0);
  });

  it('shows what is left of the time bank, and that it runs once the turn timer has run out', () => {
    const timer = {
      timer_response: { player_id: '7', created_at: new Date().toISOString(), expired_at: new Date(Date.now() + 12_000).toISOString() },
      is_time_bank: true,
    };
    wrap(<SeatView {...props({ seat: seat({ time_bank_ms: 12_000 }), timer })} />);
    expect(screen.getByRole('img', { name: 'Идёт запас времени. Запас времени: 12 с' })).toBeTruthy();
    expect(screen.getByTestId('seat-timer').classList.contains('seat-timer-bank')).toBe(true);
  });
});

describe('action bar', () => {
  const bar = (patch: Partial<Parameters<typeof ActionBar>[0]> = {}) =>
    wrap(
      <ActionBar
        moves={NO_MOVES}
        isTaking={false}
        pending={null}
        pickedTransfer={null}
        canReady={false}
        canSit={false}
        onSit={() => undefined}
        onReady={() => undefined}
        onBeat={() => undefined}
        onTake={() => undefined}
        onResults={null}
        {...patch}
      />,
    );

  it('shows no button when nothing is legal', () => {
    bar();
    expect(screen.queryAllByRole('button')).toEqual([]);
  });

  it('shows take for the defender and beat for the attacker only when legal', () => {
    bar({ moves: movesOf([{ type: 'take', player: '1' }]) });
    expect(screen.getByTestId('action-take').textContent).toBe('Беру');
    expect(screen.queryByTestId('action-beat')).toBeNull();
    cleanup();
    bar({ moves: movesOf([{ type: 'beat', player: '1' }]) });
    expect(screen.getByTestId('action-beat').textContent).toBe('Бито');
  });

  it('calls it pass when the defender is taking', () => {
    const onBeat = vi.fn();
    bar({ moves: movesOf([{ type: 'beat', player: '1' }]), isTaking: true, onBeat });
    fireEvent.click(screen.getByTestId('action-pass'));
    expect(onBeat).toHaveBeenCalled();
    expect(screen.getByTestId('action-pass').textContent).toBe('Пас');
  });
});
