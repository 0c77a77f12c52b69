import { TELEGRAM_NAMES, type TelegramNames } from '../friends/invite-link';

const NAME = /^[A-Za-z0-9_]{1,64}$/;

/** The replay page's own path: `/replay/{id}`, with `?step=N` past the deal and `&seat=USER_ID` from a seat. */
export function replayPath(roomId: number, step = 0, seat: string | null = null): string {
  const query = new URLSearchParams();
  if (step > 0) query.set('step', String(step));
  if (seat !== null) query.set('seat', seat);
  const search = query.toString();
  return `/replay/${roomId}${search ? `?${search}` : ''}`;
}

/**
 * The link a share sends (FEATURES.md §14): inside Telegram the mini-app's start link carrying
 * `replay_<id>_<step>` (opened by `replayFromStartParam`), elsewhere the site's replay page.
 */
export function replayShareLink(
  roomId: number,
  step: number,
  isInsideTelegram: boolean,
  origin: string,
  names: TelegramNames = TELEGRAM_NAMES,
): string {
  const { bot, app } = names;
  if (isInsideTelegram && bot && app && NAME.test(bot) && NAME.test(app))
    return `https://t.me/${bot}/${app}?startapp=replay_${roomId}_${Math.max(0, step)}`;
  return `${origin}${replayPath(roomId, step)}`;
}
