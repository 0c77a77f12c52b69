import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { anna, testQueryClient } from '../../test-support/player-pages';
import { REFERRAL_TOAST_MS, ReferralToast } from './referral-toast';

const channels = vi.hoisted(() => new Map<string, (data: unknown) => void>());
vi.mock('../../net/realtime', () => ({
  personalChannel: (id: number) => `#${id}`,
  useChannel: (channel: string | null, handler: (data: unknown) => void) => {
    if (channel) channels.set(channel, handler);
  },
}));

const i18n = i18next.createInstance();
beforeAll(async () => {
  const common = JSON.parse(readFileSync(join(import.meta.dirname, '../../../public/locales/en/common.json'), 'utf8')) as Record<
    string,
    unknown
  >;
  await i18n
    .use(initReactI18next)
    .init({ lng: 'en', resources: { en: { common } }, defaultNS: 'common', interpolation: { escapeValue: false } });
});
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function show() {
  render(
    <QueryClientProvider client={testQueryClient({ ...anna, id: 1 })}>
      <I18nextProvider i18n={i18n}>
        <ReferralToast />
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

describe('the referral bonus notice', () => {
  it('tells the inviter whose first game paid them, then goes', () => {
    show();
    expect(screen.queryByTestId('referral-toast')).toBeNull();
    act(() =>
      channels.get('#1')!({
        type: 'referral_bonus',
        role: 'inviter',
        other_username: 'anna',
        wallet_type: 'BONUS_BALANCE',
        amount: '1000',
      }),
    );
    expect(screen.getByTestId('referral-toast').textContent).toContain('+1\u202f000');
    expect(screen.getByTestId('referral-toast-text').textContent).toBe('Your friend anna played their first game.');
    act(() => vi.advanceTimersByTime(REFERRAL_TOAST_MS));
    expect(screen.queryByTestId('referral-toast')).toBeNull();
  });

  it('tells the friend who invited them', () => {
    show();
    act(() =>
      channels.get('#1')!({
        type: 'referral_bonus',
        role: 'friend',
        other_username: 'boris',
        wallet_type: 'BONUS_BALANCE',
        amount: '1000',
      }),
    );
    expect(screen.getByTestId('referral-toast-text').textContent).toBe('A welcome gift for joining through boris’s invitation.');
  });
});
