import { cleanup, fireEvent, screen } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { playerI18n, renderPage } from '../../test-support/player-pages';

const share = vi.hoisted(() => vi.fn());
vi.mock('../../device/telegram', () => ({ isMiniApp: () => true, shareViaHost: share }));
// The names are read when the module loads, as a build would bake them in.
vi.stubEnv('VITE_TELEGRAM_BOT', 'durak_bot');
vi.stubEnv('VITE_TELEGRAM_APP', 'play');
const { InviteCard } = await import('./invite-card');

let i18n: I18n;
let writeText: ReturnType<typeof vi.fn>;
beforeAll(async () => {
  i18n = await playerI18n();
});
beforeEach(() => {
  writeText = vi.fn().mockResolvedValue(undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
});
afterEach(cleanup);

describe('the invite inside Telegram', () => {
  it('is the mini-app start link, offered through the host’s share dialog', () => {
    share.mockReturnValue(true);
    renderPage(i18n, <InviteCard userId={42} bonus="1000" />, '/friends');
    expect((screen.getByTestId('invite-link') as HTMLInputElement).value).toBe('https://t.me/durak_bot/play?startapp=pr_42');
    fireEvent.click(screen.getByTestId('share-invite'));
    expect(share).toHaveBeenCalledWith('https://t.me/durak_bot/play?startapp=pr_42', 'Play Durak with me!');
    expect(writeText).not.toHaveBeenCalled();
  });

  it('goes to the clipboard when the host has no share dialog', async () => {
    share.mockReturnValue(false);
    renderPage(i18n, <InviteCard userId={42} bonus="1000" />, '/friends');
    fireEvent.click(screen.getByTestId('share-invite'));
    expect(await screen.findByText('Link copied')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith('https://t.me/durak_bot/play?startapp=pr_42');
  });
});
