import { captionLanguages, maxCaptionLength } from '@durak/protocol';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES } from '../../../i18n/languages';

/**
 * The banner's caption per language (FEATURES.md §10), folded away: most banners have one
 * caption, and fifteen open boxes would bury the dates and the picture below them. It starts
 * open when one of them holds text and opens when the server refuses one; otherwise the admin
 * folds it (not a controlled prop: clearing the last caption must not shut it under their cursor).
 */
export function CaptionFields({
  captions,
  onChange,
  invalidLanguage,
}: {
  captions: Record<string, string>;
  onChange: (lang: string, text: string) => void;
  invalidLanguage: string | undefined;
}) {
  const { t } = useTranslation('admin');
  const filled = captionLanguages.filter((lang) => captions[lang]?.trim()).length;
  const [startsOpen] = useState(filled > 0);
  const node = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    if (invalidLanguage !== undefined && node.current) node.current.open = true;
  }, [invalidLanguage]);
  return (
    <details ref={node} className="admin-field admin-captions" open={startsOpen} data-testid="banner-captions">
      <summary>
        {t('banner_captions.title')} ({filled}/{captionLanguages.length})
      </summary>
      <small>{t('banner_captions.hint')}</small>
      {captionLanguages.map((lang) => (
        <label key={lang} className="admin-field">
          <span>{LANGUAGE_NAMES[lang]}</span>
          <textarea
            rows={2}
            maxLength={maxCaptionLength}
            lang={lang}
            value={captions[lang] ?? ''}
            aria-invalid={invalidLanguage === lang || undefined}
            onChange={(event) => onChange(lang, event.target.value)}
          />
        </label>
      ))}
    </details>
  );
}
