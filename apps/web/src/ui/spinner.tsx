import { useTranslation } from 'react-i18next';

/** The small spinner shown while a lazy page loads. */
export function Spinner({ isPage = false, label }: { isPage?: boolean; label?: string }) {
  const { t } = useTranslation();
  return (
    <div className={isPage ? 'spinner spinner-page' : 'spinner'} role="status" aria-live="polite">
      <span className="visually-hidden">{label ?? t('common.loading')}</span>
    </div>
  );
}
