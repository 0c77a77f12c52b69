import { isLanguage } from './languages';

/** Set once the player picks a language in the menu: from then on their choice wins on this device. */
const CHOSEN_KEY = 'durak.languageChosen';

export function markLanguageChosen(): void {
  try {
    localStorage.setItem(CHOSEN_KEY, '1');
  } catch {
    // Storage refused: the account's language may be applied again on the next start, harmless.
  }
}

function isChosenHere(): boolean {
  try {
    return localStorage.getItem(CHOSEN_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * The account's stored language (a new Telegram user's Telegram language, FEATURES.md §10) is the
 * one to start in, when it is one of the 15 and the player has not picked another on this device.
 * The detector alone cannot tell: it caches its fallback in the cookie on the first load.
 */
export function languageToApply(accountLanguage: string | null | undefined, current: string): string | null {
  if (!accountLanguage || isChosenHere()) return null;
  const primary = accountLanguage.toLowerCase().split(/[-_]/)[0]!;
  return isLanguage(primary) && primary !== current ? primary : null;
}
