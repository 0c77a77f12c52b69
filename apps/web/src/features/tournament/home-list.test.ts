import { describe, expect, it } from 'vitest';
import { homeTournaments } from './home-list';
import type { TournamentPayload } from '@durak/protocol';

const t = (id: number, starts: string, is_pinned = false) =>
  ({ id, starts_at: `2026-11-${starts}T12:00:00Z`, is_pinned }) as TournamentPayload;

describe('the home page’s tournaments', () => {
  it('puts pinned ones first, then the soonest start, each once', () => {
    const open = [t(1, '25'), t(2, '28', true), t(3, '24')];
    const running = [t(4, '20'), t(3, '24')];
    expect(homeTournaments([open, running]).map((x) => x.id)).toEqual([2, 4, 3, 1]);
  });

  it('shows at most five', () => {
    const many = Array.from({ length: 9 }, (_, i) => t(i + 1, String(10 + i)));
    expect(homeTournaments([many]).map((x) => x.id)).toEqual([1, 2, 3, 4, 5]);
  });
});
