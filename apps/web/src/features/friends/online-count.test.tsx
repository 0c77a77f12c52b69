import { cleanup, screen } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { playerI18n, renderPage } from '../../test-support/player-pages';

const get = vi.hoisted(() => vi.fn());
vi.mock('../../net/http', () => ({ http: { get } }));
const { OnlineCount } = await import('./online-count');

let i18n: I18n;
beforeAll(async () => {
  i18n = await playerI18n();
});
afterEach(cleanup);

describe('the online count', () => {
  it('shows who is online, who plays and the waiting tables from the presence summary', async () => {
    get.mockResolvedValue({ data: { online: 12, playing: 4, rooms_waiting: 2 } });
    renderPage(i18n, <OnlineCount />);
    expect((await screen.findByTestId('online-count')).textContent).toBe('Online: 12·Playing: 4·Tables waiting: 2');
    expect(get).toHaveBeenCalledWith('/v1/presence/summary');
  });

  it('shows nothing while the count is unknown', async () => {
    get.mockRejectedValue(new Error('down'));
    renderPage(i18n, <OnlineCount />);
    await vi.waitFor(() => expect(get).toHaveBeenCalled());
    expect(screen.queryByTestId('online-count')).toBeNull();
  });
});
