import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

const host = vi.hoisted(() => ({ isInside: false, shareViaHost: vi.fn((_url: string, _text: string) => true) }));
vi.mock('../../device/telegram', () => ({ isMiniApp: () => host.isInside, shareViaHost: host.shareViaHost }));
vi.mock('../friends/invite-link', () => ({ TELEGRAM_NAMES: { bot: 'durak_bot', app: 'play' } }));
const { ReplayShareButton } = await import('./replay-share');

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { replay: { share: 'Share', share_text: 'Watch this', copied: 'Link copied', copy_by_hand: 'Copy this link:' } } },
  });
});
afterEach(cleanup);

const show = () =>
  render(
    <I18nextProvider i18n={i18n}>
      <ReplayShareButton roomId={12} step={40} />
    </I18nextProvider>,
  );

describe('sharing a replay', () => {
  it('inside Telegram opens the host’s share dialog with startapp=replay_<id>_<step>', () => {
    host.isInside = true;
    show();
    fireEvent.click(screen.getByTestId('replay-share'));
    expect(host.shareViaHost).toHaveBeenCalledWith('https://t.me/durak_bot/play?startapp=replay_12_40', 'Watch this');
  });

  it('elsewhere copies the site’s link to this step and shows it', async () => {
    host.isInside = false;
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    show();
    fireEvent.click(screen.getByTestId('replay-share'));
    expect((await screen.findByTestId('replay-share-status')).textContent).toContain('Link copied');
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/replay/12?step=40`);
    expect((screen.getByTestId('replay-share-link') as HTMLInputElement).value).toBe(`${window.location.origin}/replay/12?step=40`);
  });
});
