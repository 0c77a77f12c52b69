import type { WatchState } from '@durak/protocol';
import { cleanup, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ClosedReason, ReadyCountdown } from './ready-countdown';
import { EMPTY_TABLE, tableReducer } from './table-reducer';

const i18n = i18next.createInstance();
beforeAll(async () => {
  const newcomer = JSON.parse(readFileSync(join(import.meta.dirname, '../../../public/locales/en/newcomer.json'), 'utf8')) as Record<
    string,
    unknown
  >;
  await i18n.use(initReactI18next).init({ lng: 'en', resources: { en: { newcomer } }, interpolation: { escapeValue: false } });
});
afterEach(cleanup);

const inSeconds = (s: number) => new Date(Date.now() + s * 1000).toISOString();
const timer = (player: string, s: number) => ({
  timer_response: { player_id: player, created_at: inSeconds(-1), expired_at: inSeconds(s) },
});

// FEATURES.md §17: a room whose players did not tap Ready closed with only a small countdown on an
// avatar, and then said "Table closed" without a reason.
describe('a waiting room', () => {
  it('shows everyone the earliest ready deadline in words', () => {
    render(
      <I18nextProvider i18n={i18n}>
        <ReadyCountdown watch={{ timers: [timer('1', 42), timer('2', 12)] } as unknown as WatchState} />
      </I18nextProvider>,
    );
    expect(screen.getByTestId('ready-countdown').textContent).toBe('Tap Ready: the table closes in 12 s');
  });

  it('shows no countdown when nobody has a ready deadline', () => {
    render(
      <I18nextProvider i18n={i18n}>
        <ReadyCountdown watch={{ timers: [] } as unknown as WatchState} />
      </I18nextProvider>,
    );
    expect(screen.queryByTestId('ready-countdown')).toBeNull();
  });

  it('a table closed because not everyone was ready says so', () => {
    const state = tableReducer(EMPTY_TABLE, {
      type: 'personal',
      event: { type: 'seat_lost', room_id: 9, position: 1, reason: 'not_ready' },
    });
    expect(state.seatLost).toBe('not_ready');
    render(
      <I18nextProvider i18n={i18n}>
        <ClosedReason reason={state.seatLost} />
      </I18nextProvider>,
    );
    expect(screen.getByTestId('closed-reason').textContent).toBe('Closed: not everyone tapped Ready in time.');
  });
});
