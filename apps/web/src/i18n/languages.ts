/** SPEC §9: the interface languages; ru is the fallback. */
export const LANGUAGES = ['ru', 'hy', 'az', 'be', 'en', 'et', 'kk', 'ky', 'lv', 'lt', 'ro', 'tg', 'tk', 'uk', 'uz'] as const;
export type Language = (typeof LANGUAGES)[number];
export const FALLBACK_LANGUAGE: Language = 'ru';

/** Each language named in itself, for the menu's picker. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  ru: 'Русский',
  hy: 'Հայերեն',
  az: 'Azərbaycanca',
  be: 'Беларуская',
  en: 'English',
  et: 'Eesti',
  kk: 'Қазақша',
  ky: 'Кыргызча',
  lv: 'Latviešu',
  lt: 'Lietuvių',
  ro: 'Română',
  tg: 'Тоҷикӣ',
  tk: 'Türkmençe',
  uk: 'Українська',
  uz: 'Oʻzbekcha',
};

export function isLanguage(value: string): value is Language {
  return (LANGUAGES as readonly string[]).includes(value);
}

// A language tag is letters, digits, '-' or '_'. Anything else in a cookie or local storage
// (angle brackets, quotes, "javascript:", event handlers) was planted, not chosen.
const INJECTION = /[<>"'`;(){}]|javascript:|on\w+\s*=|%3c|&#/i;

/**
 * SPEC §5: a detected value that looks like script injection is discarded (empty string: the
 * detector moves on). A safe tag is reduced to its primary language, e.g. "en-US" -> "en".
 */
export function sanitizeLanguage(value: string): string {
  if (value.length > 35 || INJECTION.test(value)) return '';
  if (!/^[A-Za-z]{2,3}([-_][A-Za-z0-9]{1,8})*$/.test(value)) return '';
  return value.slice(0, value.search(/[-_]|$/)).toLowerCase();
}
