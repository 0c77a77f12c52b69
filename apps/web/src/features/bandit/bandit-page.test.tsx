import type { PaytableAnswer, SpinAnswer } from '@durak/protocol';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Me } from '@durak/protocol';
import { testQueryClient } from '../../test-support/player-pages';
import { SPIN_MS_BY_REEL } from './reels';
import { SPIN_SPACING_MS } from './use-slot-machine';

const played: string[] = [];
vi.mock('../../device/sound-player', () => ({
  playSlotSound: (name: string) => played.push(name),
  slotSoundBank: () => ({ preload: () => Promise.resolve({ failed: [] }) }),
}));

const spins: SpinRequestLog[] = [];
interface SpinRequestLog {
  bet: number;
  balance_type: string;
  idempotency_key: string;
}
let nextAnswer: SpinAnswer;
const strip = ['lemon', 'apple', 'cherry', 'bar', 'crown', 'red_seven', 'triple_seven', 'lemon'] as const;
const paytable: PaytableAnswer = {
  strips: [[...strip], [...strip], [...strip]],
  paytable: [
    { symbols: ['lemon'], count: 3, multiplier: 10 },
    { symbols: ['cherry'], count: 1, multiplier: 1 },
  ],
  rtp: 0.960022,
  hit_frequency: 0.269989,
  max_multiplier: 1000,
  min_bet: '10',
  max_bet: '10000',
};
vi.mock('./bandit-api', () => ({
  banditApi: {
    paytable: () => Promise.resolve(paytable),
    seed: () => Promise.resolve({ server_seed_hash: 'ab', client_seed: 'c', nonce: 0 }),
    spins: () => Promise.resolve([]),
    spin: (body: SpinRequestLog) => {
      spins.push(body);
      return Promise.resolve(nextAnswer);
    },
  },
}));

const answer = (stops: number[], multiplier: number, bet = '100'): SpinAnswer => ({
  stops,
  symbols: stops.map((s) => strip[s]!),
  multiplier,
  bet,
  win: String(Number(bet) * multiplier),
  balance_type: 'BONUS_BALANCE',
  nonce: spins.length,
  client_seed: 'c',
  server_seed_hash: 'ab',
  balances: [
    { wallet_type: 'BALANCE', balance: '0' },
    { wallet_type: 'BONUS_BALANCE', balance: String(10_000 - Number(bet) + Number(bet) * multiplier) },
  ],
});

const i18n = i18next.createInstance();
const user: Me = {
  id: 1,
  username: 'p',
  avatar_url: null,
  country: null,
  language: null,
  parent_id: null,
  telegram_id: null,
  roles: [],
  wallets: [
    { wallet_type: 'BALANCE', balance: '0' },
    { wallet_type: 'BONUS_BALANCE', balance: '10000' },
  ],
};

beforeAll(async () => {
  const bandit = JSON.parse(readFileSync(join(import.meta.dirname, '../../../public/locales/en/bandit.json'), 'utf8')) as Record<
    string,
    unknown
  >;
  await i18n.use(initReactI18next).init({ lng: 'en', resources: { en: { bandit, common: {} } }, interpolation: { escapeValue: false } });
});
beforeEach(() => {
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date', 'requestAnimationFrame', 'cancelAnimationFrame'],
  });
  played.length = 0;
  spins.length = 0;
  localStorage.setItem('bandit.rules_seen', '1');
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

async function openMachine() {
  const { BanditPage } = await import('./bandit-page');
  render(
    <MemoryRouter>
      <QueryClientProvider client={testQueryClient(user)}>
        <I18nextProvider i18n={i18n}>
          <BanditPage />
        </I18nextProvider>
      </QueryClientProvider>
    </MemoryRouter>,
  );
  await act(() => vi.advanceTimersByTimeAsync(10));
  return screen.getByTestId('slot-spin');
}

const reelStops = () => screen.getAllByTestId('slot-reel').map((reel) => reel.getAttribute('data-stop'));

describe('the slot machine page', () => {
  it('turns the reels to the server stops left to right and tells the result only after the last one stops', async () => {
    nextAnswer = answer([0, 7, 0], 10);
    const spin = await openMachine();
    fireEvent.click(spin);
    await act(() => vi.advanceTimersByTimeAsync(40));
    expect((spin as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('slot-result').getAttribute('data-outcome')).toBe('pending');
    expect(screen.getByTestId('slot-balance-BONUS_BALANCE').textContent).toBe('10\u202f000');
    await act(() => vi.advanceTimersByTimeAsync(SPIN_MS_BY_REEL[0] + 100));
    expect(played.filter((s) => s === 'slotStopped')).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(SPIN_MS_BY_REEL[2] - SPIN_MS_BY_REEL[0]));
    expect(played.filter((s) => s === 'slotStopped')).toHaveLength(3);
    expect(reelStops()).toEqual(['0', '7', '0']);
    expect(screen.getByTestId('slot-result').getAttribute('data-outcome')).toBe('win');
    expect(screen.getByTestId('slot-balance-BONUS_BALANCE').textContent).toBe('10\u202f900');
    expect(screen.getByTestId('session-net').textContent).toBe('+900');
    expect(played).toEqual(['start', 'spinning', 'slotStopped', 'slotStopped', 'slotStopped', 'win']);
    // The reels stopped 2.24 s after the press; the next spin waits 2.5 s from the answer (FEATURES.md §13).
    expect((spin as HTMLButtonElement).disabled).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(SPIN_SPACING_MS - (SPIN_MS_BY_REEL[2] + 100)));
    expect((spin as HTMLButtonElement).disabled).toBe(false);
  });

  it('plays no fanfare when a cherry only gives the stake back', async () => {
    nextAnswer = answer([2, 0, 1], 1);
    fireEvent.click(await openMachine());
    // act() flushes React's updates when it ends: one short step lets the answer start the reels.
    await act(() => vi.advanceTimersByTimeAsync(40));
    await act(() => vi.advanceTimersByTimeAsync(SPIN_MS_BY_REEL[2] + 100));
    expect(screen.getByTestId('slot-result').getAttribute('data-outcome')).toBe('push');
    expect(played).not.toContain('win');
    expect(screen.getByTestId('session-net').textContent).toBe('0');
  });

  it('spins once per press: a second press while the reels turn sends nothing', async () => {
    nextAnswer = answer([1, 1, 3], 0);
    const spin = await openMachine();
    fireEvent.click(spin);
    fireEvent.click(spin);
    await act(() => vi.advanceTimersByTimeAsync(500));
    fireEvent.click(spin);
    await act(() => vi.advanceTimersByTimeAsync(SPIN_MS_BY_REEL[2] + 100));
    expect(spins).toHaveLength(1);
    expect(played.at(-1)).toBe('lose');
    fireEvent.click(spin);
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(spins).toHaveLength(2);
    expect(spins[1]!.idempotency_key).not.toBe(spins[0]!.idempotency_key);
  });
});
