import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Me } from '@durak/protocol';
import { testQueryClient } from '../../test-support/player-pages';
import { aRoom } from '../../test-support/room';

// The create dialog and the lobby's room card with the 52-card deck and two against two (FEATURES.md §16).
const post = vi.hoisted(() => vi.fn());
vi.mock('../../net/http', () => ({ http: { post, get: vi.fn() } }));

const { CreateRoomDialog } = await import('./create-room-dialog');
const { RoomCard } = await import('./room-card');
const { cardName } = await import('../cards/card-name');
const { PracticeDialog } = await import('./practice-dialog');

const i18n = i18next.createInstance();
const locale = (ns: string) =>
  JSON.parse(readFileSync(join(import.meta.dirname, `../../../public/locales/ru/${ns}.json`), 'utf8')) as object;
const user: Me = {
  id: 1,
  username: 'anna',
  avatar_url: null,
  country: null,
  language: null,
  parent_id: null,
  telegram_id: null,
  roles: [],
  wallets: [{ wallet_type: 'BONUS_BALANCE', balance: '200000' }],
};

beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'ru',
    resources: { ru: { game: locale('game'), rules: locale('rules') } },
    interpolation: { escapeValue: false },
  });
});
beforeEach(() => {
  post.mockReset().mockResolvedValue({ data: { id: 5 } });
});
afterEach(cleanup);

function wrap(children: React.ReactNode) {
  return render(
    <QueryClientProvider client={testQueryClient(user)}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter>{children}</MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

const switchOf = (testId: string) => within(screen.getByTestId(testId)).getByRole('switch') as HTMLInputElement;
const radio = (group: string, name: string) => within(screen.getByTestId(group)).getByRole('radio', { name });

describe('creating a room with the new rules', () => {
  it('deals 52 cards and seats two against two: the switch sets four seats and is what is sent', async () => {
    wrap(<CreateRoomDialog isOpen onClose={() => undefined} />);
    fireEvent.click(radio('create-deck', '52'));
    fireEvent.click(switchOf('create-is_team_mode'));
    expect(radio('create-players', '4').getAttribute('aria-checked')).toBe('true');
    expect(within(screen.getByTestId('create-is_team_mode')).getByText('Двое на двое')).toBeTruthy();
    fireEvent.click(screen.getByTestId('create-submit'));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('/v1/rooms/', expect.objectContaining({ deck_size: 52, player_count: 4, is_team_mode: true })),
    );
  });

  it('another seat count turns two against two off; six players keep a 52-card deck', async () => {
    wrap(<CreateRoomDialog isOpen onClose={() => undefined} />);
    fireEvent.click(switchOf('create-is_team_mode'));
    fireEvent.click(radio('create-deck', '52'));
    fireEvent.click(radio('create-players', '6'));
    expect(switchOf('create-is_team_mode').checked).toBe(false);
    expect(radio('create-deck', '52').getAttribute('aria-checked')).toBe('true');
    fireEvent.click(screen.getByTestId('create-submit'));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('/v1/rooms/', expect.objectContaining({ deck_size: 52, player_count: 6, is_team_mode: false })),
    );
  });
});

describe('practising two against two', () => {
  it('the switch seats three bots (a partner and two opponents) and is what is sent', async () => {
    wrap(<PracticeDialog isOpen onClose={() => undefined} />);
    fireEvent.click(radio('practice-deck', '52'));
    fireEvent.click(switchOf('practice-is_team_mode'));
    expect(radio('practice-bots', '3').getAttribute('aria-checked')).toBe('true');
    fireEvent.click(screen.getByTestId('practice-submit'));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('/v1/rooms/', expect.objectContaining({ bots: 3, deck_size: 52, is_team_mode: true })),
    );
  });

  it('another number of bots turns it off', () => {
    wrap(<PracticeDialog isOpen onClose={() => undefined} />);
    fireEvent.click(switchOf('practice-is_team_mode'));
    fireEvent.click(radio('practice-bots', '2'));
    expect(switchOf('practice-is_team_mode').checked).toBe(false);
  });
});

describe('the lobby card', () => {
  it('shows a 52-card two-against-two room as such', () => {
    wrap(<RoomCard room={aRoom({ deck_size: 52, player_count: 4, is_team_mode: true })} onOpen={() => undefined} />);
    const card = screen.getByTestId('room-card');
    expect(card.textContent).toContain('52');
    expect(screen.getAllByTestId('room-option').map((tag) => tag.textContent)).toContain('Двое на двое');
  });

  it('shows no team tag on a room of one against all', () => {
    wrap(<RoomCard room={aRoom({ deck_size: 36, player_count: 4 })} onOpen={() => undefined} />);
    expect(screen.queryAllByTestId('room-option').map((tag) => tag.textContent)).not.toContain('Двое на двое');
  });
});

describe('the 52-card deck’s low cards', () => {
  it('are named for screen readers like the others', () => {
    const t = i18n.getFixedT('ru', 'game');
    expect(cardName(t, { rank: '2', suit: 'hearts' }, null)).toBe(`двойка ${t('card.suit_hearts')}`);
    expect(cardName(t, { rank: '5', suit: 'spades' }, 'spades')).toContain('пятёрка');
  });
});
