import i18next from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import HttpBackend from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';
import { FALLBACK_LANGUAGE, LANGUAGES, sanitizeLanguage } from './languages';

export const LANGUAGE_COOKIE = 'i18next';

/**
 * SPEC §7/§9: files at /locales/{lng}/common.json; the language comes from a cookie, then local
 * storage, then the browser's languages, and is cached in a cookie. The http backend retries a load that failed with 5xx or
 * no status and gives up on 4xx; i18next spaces those retries.
 */
export function initI18n(): Promise<unknown> {
  // Screen readers and the browser's own text handling follow the chosen language.
  i18next.on('languageChanged', (lng) => {
    document.documentElement.lang = lng;
  });
  return i18next
    .use(HttpBackend)
    .use(LanguageDetector)
    .use(initReactI18next)
    .init({
      supportedLngs: [...LANGUAGES],
      fallbackLng: FALLBACK_LANGUAGE,
      load: 'languageOnly',
      // player: the home and menu tabs' strings, on screen right after start-up.
      ns: ['common', 'player'],
      defaultNS: 'common',
      maxRetries: 3,
      retryTimeout: 500,
      backend: { loadPath: '/locales/{{lng}}/{{ns}}.json' },
      detection: {
        // The browser's language last (FEATURES.md §17): an English browser no longer meets the
        // sign-in pages in Russian; a choice made in the picker (the cookie) wins over it.
        order: ['cookie', 'localStorage', 'navigator'],
        lookupCookie: LANGUAGE_COOKIE,
        lookupLocalStorage: 'i18nextLng',
        caches: ['cookie'],
        cookieMinutes: 60 * 24 * 365,
        cookieOptions: { path: '/', sameSite: 'lax' },
        convertDetectedLanguage: sanitizeLanguage,
      },
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
    });
}

export { i18next };
