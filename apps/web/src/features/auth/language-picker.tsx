import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { markLanguageChosen } from '../../i18n/account-language';
import { isLanguage, LANGUAGE_NAMES, LANGUAGES } from '../../i18n/languages';

/**
 * The language picker of the sign-in and sign-up pages (FEATURES.md §17): they open in the
 * browser's language when it is one of the 15, and this changes it before any account exists.
 */
export function LanguagePicker() {
  const { t, i18n } = useTranslation('newcomer');
  const id = useId();
  const current = i18n.resolvedLanguage && isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'ru';
  return (
    <div className="auth-language">
      <label htmlFor={id}>{t('language.label')}</label>
      <select
        id={id}
        className="select"
        value={current}
        data-testid="auth-language"
        onChange={(event) => {
          markLanguageChosen();
          void i18n.changeLanguage(event.target.value);
        }}
      >
        {LANGUAGES.map((lng) => (
          <option key={lng} value={lng} lang={lng}>
            {LANGUAGE_NAMES[lng]}
          </option>
        ))}
      </select>
    </div>
  );
}
