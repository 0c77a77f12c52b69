/** The bot and mini-app names of the Telegram link, fixed at build time (they name the deployment). */
export interface TelegramNames {
  bot: string | undefined;
  app: string | undefined;
}

export const TELEGRAM_NAMES: TelegramNames = {
  bot: import.meta.env.VITE_TELEGRAM_BOT as string | undefined,
  app: import.meta.env.VITE_TELEGRAM_APP as string | undefined,
};

const NAME = /^[A-Za-z0-9_]{1,64}$/;

/**
 * The invite link (FEATURES.md §3): inside Telegram the mini-app's start link carrying `pr_<id>`,
 * which the host signs into start_param; elsewhere the site's registration page with `?pr=<id>`.
 */
export function inviteLink(userId: number, isInsideTelegram: boolean, origin: string, names: TelegramNames = TELEGRAM_NAMES): string {
  const { bot, app } = names;
  if (isInsideTelegram && bot && app && NAME.test(bot) && NAME.test(app)) return `https://t.me/${bot}/${app}?startapp=pr_${userId}`;
  return `${origin}/auth/registration?pr=${userId}`;
}

/**
 * The Telegram link that opens one table (FEATURES.md §11): the mini-app's start link carrying
 * `room_<id>`; null when the build names no bot and app, so there is nothing to share.
 */
export function tableInviteLink(roomId: number, names: TelegramNames = TELEGRAM_NAMES): string | null {
  const { bot, app } = names;
  if (!bot || !app || !NAME.test(bot) || !NAME.test(app)) return null;
  return `https://t.me/${bot}/${app}?startapp=room_${roomId}`;
}

/** `?pr=<id>` of the registration page: a positive whole number, else nothing. */
export function inviterFromSearch(search: string): number | undefined {
  const value = new URLSearchParams(search).get('pr');
  if (value === null || !/^\d{1,15}$/.test(value)) return undefined;
  const id = Number(value);
  return id > 0 ? id : undefined;
}
