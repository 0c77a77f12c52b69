import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The menu's way to /responsible-play (FEATURES.md §13): limits, breaks and self-exclusion one tap away. */
export function ResponsiblePlayLink() {
  const { t } = useTranslation('responsible');
  return (
    <Link to="/responsible-play" className="btn btn-ghost btn-block" data-testid="responsible-play-link">
      {t('menu_link')}
    </Link>
  );
}
