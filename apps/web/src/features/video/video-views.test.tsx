import { cleanup, fireEvent, screen } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { playerI18n, renderPage } from '../../test-support/player-pages';

const get = vi.hoisted(() => vi.fn());
const post = vi.hoisted(() => vi.fn());
vi.mock('../../net/http', () => ({ http: { get, post, put: vi.fn() } }));
const { VideoViews } = await import('./video-views');

let i18n: I18n;
let count: number;
beforeAll(async () => {
  i18n = await playerI18n();
});
beforeEach(() => {
  count = 41;
  get.mockReset().mockImplementation(() => Promise.resolve({ data: { count } }));
  post.mockReset().mockImplementation(() => {
    count += 1;
    return Promise.resolve({ data: { counted: true } });
  });
});
afterEach(cleanup);

describe('the video view counter', () => {
  it('shows the count, counts the first play once, and shows the new count', async () => {
    renderPage(i18n, <VideoViews videoId="intro">{(onPlay) => <button type="button" onClick={onPlay}>play</button>}</VideoViews>);
    expect(screen.getByTestId('video-count').textContent).toBe('Counting views…');
    expect(await screen.findByText('views: 41')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'play' }));
    fireEvent.click(screen.getByRole('button', { name: 'play' }));
    expect(await screen.findByText('views: 42')).toBeTruthy();
    expect(post).toHaveBeenCalledTimes(1);
    expect(post).toHaveBeenCalledWith('/video/view', { video_id: 'intro' });
    expect(get).toHaveBeenCalledWith('/video/count', { params: { video_id: 'intro' } });
  });

  it('says when the count could not be read', async () => {
    get.mockRejectedValue(new Error('down'));
    renderPage(i18n, <VideoViews videoId="intro">{() => null}</VideoViews>);
    expect(await screen.findByText('Views could not be counted')).toBeTruthy();
  });
});
