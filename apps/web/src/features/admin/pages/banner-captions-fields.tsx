import { captionLanguages, maxCaptionLength } from '@durak/protocol';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES } from '../../../i18n/languages';

/**
 * The banner's caption per language (FEATURES.md §10), folded away: most banners have one
 * caption, and fifteen open boxes would bury the dates and the picture below them. It opens by
 * itself when one of them holds text or the server refused one.
 */
export function CaptionFields({ captions, onChange, invalidLanguage }: { captions: Record<string, string>; onChange: (lang: string, text: string) => void; invalidLanguage: string | undefined }) {
  const { t } = useTranslation('admin');
  const filled = captionLanguages.filter((lang) => captions[lang]?.trim()).length;
  return (
    <details className="admin-field" open={filled > 0 || invalidLanguage !== undefined} data-testid="banner-captions">
      <summary>
        {t('banner_captions.title')} ({filled}/{captionLanguages.length})
      </summary>
      <small>{t('banner_captions.hint')}</small>
      {captionLanguages.map((lang) => (
        <label key={lang} className="admin-field">
          <span>{LANGUAGE_NAMES[lang]}</span>
          <textarea rows={2} maxLength={maxCaptionLength} lang={lang} value={captions[lang] ?? ''} aria-invalid={invalidLanguage === lang || undefined} onChange={(event) => onChange(lang, event.target.value)} />
        </label>
      ))}
    </details>
  );
}
