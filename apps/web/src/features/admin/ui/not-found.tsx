import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AdminLayout } from './admin-layout';

/** An admin page whose address names nothing (`/admin/user/abc`): said at once, never a spinner. */
export function NotFound() {
  const { t } = useTranslation('admin');
  return (
    <AdminLayout title={t('errors.not_found')}>
      <p data-testid="admin-not-found">
        <Link to="/admin">{t('nav.home')}</Link>
      </p>
    </AdminLayout>
  );
}
