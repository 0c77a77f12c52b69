import { describe, expect, it } from 'vitest';
import { bannerStatus } from './banner-status';

describe('bannerStatus', () => {
  const banner = { start_date: '2026-06-10T00:00:00Z', end_date: '2026-06-20T00:00:00Z' };
  it.each([
    ['2026-06-09T23:59:59.999Z', 'scheduled'],
    ['2026-06-10T00:00:00.000Z', 'active'],
    ['2026-06-19T23:59:59.999Z', 'active'],
    ['2026-06-20T00:00:00.000Z', 'ended'],
  ])('at %s it is %s', (at, status) => expect(bannerStatus(banner, new Date(at))).toBe(status));
});
