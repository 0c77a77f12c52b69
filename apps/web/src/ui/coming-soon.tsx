import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import './coming-soon.css';

/** A tidy page for screens whose content arrives in later work. */
export function ComingSoon({ titleKey, isStandalone = false }: { titleKey: string; isStandalone?: boolean }) {
  const { t } = useTranslation();
  const body = (
    <section className="coming-soon panel" data-testid="coming-soon">
      <div className="coming-soon-suits" aria-hidden="true">♠ ♥ ♦ ♣</div>
      <h1>{t(titleKey)}</h1>
      <p>{t('common.coming_soon')}</p>
      {isStandalone ? (
        <Link className="btn btn-gold" to="/">
          {t('common.to_main')}
        </Link>
      ) : null}
    </section>
  );
  return isStandalone ? <main className="standalone-page">{body}</main> : body;
}
