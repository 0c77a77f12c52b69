import { DEFAULT_OPTIONS } from '@durak/engine';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { testQueryClient } from '../../test-support/player-pages';
import { playedReplay, seededRandom } from '../../test-support/replay';

// FEATURES.md §16 in the replay: a two-against-two game of the 52-card deck.
const replay = playedReplay('teams-52', { ...DEFAULT_OPTIONS, deck_size: 52, player_count: 4, is_team_mode: true }, seededRandom(5), 9);
vi.mock('./replay-api', () => ({ replayApi: { replay: () => Promise.resolve(replay) } }));
const { ReplayPage } = await import('./replay-page');

const i18n = i18next.createInstance();
const load = (ns: string) =>
  JSON.parse(readFileSync(join(import.meta.dirname, `../../../public/locales/en/${ns}.json`), 'utf8')) as Record<string, unknown>;
beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { replay: load('replay'), game: load('game'), rules: load('rules') } },
    interpolation: { escapeValue: false },
  });
});
afterEach(cleanup);

function show(path: string) {
  render(
    <QueryClientProvider client={testQueryClient()}>
      <I18nextProvider i18n={i18n}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/replay/:id" element={<ReplayPage roomId={9} />} />
          </Routes>
        </MemoryRouter>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

/** The seat's team badge and partner mark, by the seat's player. */
function seatMarks(): Record<string, { team: string | undefined; isPartner: boolean }> {
  const marks: Record<string, { team: string | undefined; isPartner: boolean }> = {};
  const seats = [...screen.getAllByTestId('replay-seat'), screen.getByTestId('replay-bottom')];
  for (const seat of seats) {
    marks[seat.dataset.playerId!] = {
      team: seat.querySelector('[data-testid="result-team"]')?.textContent,
      isPartner: seat.querySelector('[data-testid="replay-partner"]') !== null,
    };
  }
  return marks;
}

const [anna, igor, olga, petr] = replay.players.map((p) => p.user_id);

describe('the replay of a two-against-two game of 52 cards', () => {
  it('names each seat’s team, marks the viewer’s partner opposite, and says which team lost', async () => {
    show(`/replay/9?seat=${igor}`);
    await screen.findByTestId('replay-board');
    expect(seatMarks()).toEqual({
      [anna!]: { team: 'Team 1', isPartner: false },
      [igor!]: { team: 'Team 2', isPartner: false },
      [olga!]: { team: 'Team 1', isPartner: false },
      // The partner's mark stands for their team (the viewer's own).
      [petr!]: { team: undefined, isPartner: true },
    });
    // Every hand open: no partner, since nobody's view is taken.
    fireEvent.click(screen.getByTestId('replay-view-all'));
    expect(screen.queryAllByTestId('replay-partner')).toHaveLength(0);
    expect(screen.getAllByTestId('result-team')).toHaveLength(4);

    fireEvent.change(screen.getByTestId('replay-slider'), { target: { value: String(replay.steps.length) } });
    const losers = replay.result.filter((r) => r.result === 'defeat').map((r) => r.player_id);
    // Partners lose together; the caption names their team, not one of them as the durak.
    expect(losers.length).toBe(2);
    const team = losers.includes(anna!) ? 'Team 1' : 'Team 2';
    expect(screen.getByTestId('replay-caption').textContent).toContain(`Game over: ${team} loses`);
  });

  it('deals and shows the 52-card deck’s twos to fives', async () => {
    show('/replay/9');
    await screen.findByTestId('replay-board');
    const hands = screen.getAllByTestId('replay-hand-card').map((c) => c.getAttribute('aria-label') ?? '');
    expect(hands).toHaveLength(4 * 6);
    const low = hands.filter((name) => /^(two|three|four|five) of /.test(name));
    // What the deal gave out: every 2..5 in the four hands, named like any other card.
    const dealt = replay.deck.slice(0, 24).filter((c) => ['2', '3', '4', '5'].includes(c.rank));
    expect(dealt.length).toBeGreaterThan(0);
    expect(low).toHaveLength(dealt.length);
  });
});
