import { cleanup, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { RoomCard } from './room-card';
import type { RoomPayload as Room } from '@durak/protocol';
import { aRoom } from '../../test-support/room';

const i18n = i18next.createInstance();
beforeAll(async () => {
  const game = JSON.parse(readFileSync(join(import.meta.dirname, '../../../public/locales/en/game.json'), 'utf8')) as Record<
    string,
    unknown
  >;
  await i18n
    .use(initReactI18next)
    .init({ lng: 'en', resources: { en: { game } }, defaultNS: 'game', interpolation: { escapeValue: false } });
});
afterEach(cleanup);

const plain: Room = aRoom({ id: 7 });

function optionsShown(room: Room): string[] {
  render(
    <I18nextProvider i18n={i18n}>
      <ul>
        <RoomCard room={room} onOpen={() => undefined} />
      </ul>
    </I18nextProvider>,
  );
  return screen.queryAllByTestId('room-option').map((tag) => tag.textContent ?? '');
}

describe('a room card in the lobby', () => {
  it('names every option the room has in words', () => {
    const room: Room = {
      ...plain,
      is_transfer_allowed: true,
      card_transfer_permission: 'NEIGHBORS_ONLY',
      is_cheating_allowed: true,
      is_draw_allowed: true,
      is_death_match_allowed: true,
      secret_trump_mode: true,
      is_speed_mode: true,
      is_private: true,
    };
    expect(optionsShown(room)).toEqual([
      'Transfer',
      'Neighbours throw in',
      'Cheating',
      'Draw',
      'Death match',
      'Secret trump',
      'Speed game',
      'Private',
    ]);
  });

  it('names no option for a room without any, and only the ones a room has', () => {
    expect(optionsShown(plain)).toEqual([]);
    cleanup();
    expect(optionsShown({ ...plain, is_draw_allowed: true, is_private: true })).toEqual(['Draw', 'Private']);
  });
});

describe('the seated players on a lobby card', () => {
  it('shows an avatar per seated player, then the open seats', () => {
    const seat = (position: number, id: number, username: string, avatar: string | null) => ({
      position,
      player_id: id,
      user_id: id,
      username,
      avatar_url: avatar,
      avatar,
      country: null,
      is_ready: false,
      is_bot: false,
    });
    const room = aRoom({
      player_count: 3,
      seats_taken: 2,
      seats: [seat(0, 1, 'anna', 'https://cdn.example/a.webp'), seat(1, 2, 'boris', null)],
    });
    render(
      <I18nextProvider i18n={i18n}>
        <ul>
          <RoomCard room={room} onOpen={() => undefined} />
        </ul>
      </I18nextProvider>,
    );
    const seated = screen.getAllByTestId('seat-avatar');
    expect(seated.map((s) => s.title)).toEqual(['anna', 'boris']);
    expect(seated[0]!.querySelector('img')?.getAttribute('src')).toBe('https://cdn.example/a.webp');
    expect(seated[1]!.textContent).toBe('B');
    expect(screen.getByTestId('seat-avatars').getAttribute('aria-label')).toBe('Seats taken: 2 of 3');
  });
});
