import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { permissionsQuery } from '../../../net/query-client';
import { canSee } from '../access';
import type { AdminScreen } from '../screens';

/** The sections; `alsoUnder` marks a section current on pages of its own outside its path (one tournament). */
const NAV: readonly { screen: AdminScreen; to: string; label: string; alsoUnder?: string }[] = [
  { screen: 'home', to: '/admin', label: 'nav.home' },
  { screen: 'agents', to: '/admin/agents', label: 'nav.agents' },
  { screen: 'banners', to: '/admin/banners', label: 'nav.banners' },
  { screen: 'tournaments', to: '/admin/tournaments', label: 'nav.tournaments', alsoUnder: '/admin/tournament/' },
  { screen: 'promocodes', to: '/admin/promocodes', label: 'operator.promo.nav' },
  { screen: 'audit', to: '/admin/audit', label: 'nav.audit' },
  { screen: 'reports', to: '/admin/reports', label: 'reportsPage.nav' },
  // Fair play's own namespace (FEATURES.md §12), loaded with the admin's.
  { screen: 'integrity', to: '/admin/integrity', label: 'integrity:nav', alsoUnder: '/admin/integrity/' },
];

/** The admin area's frame: its sections (only those the caller may open), a title and the page. */
export function AdminLayout({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation(['admin', 'integrity']);
  const permissions = useQuery(permissionsQuery).data?.permissions ?? [];
  const { pathname } = useLocation();
  return (
    <div className="admin">
      <header className="admin-top">
        <Link to="/" className="admin-brand">
          <span aria-hidden="true">♠</span> {t('brand')}
        </Link>
        <nav className="admin-nav" aria-label={t('nav.label')}>
          {NAV.filter((item) => canSee(item.screen, permissions)).map((item) => (
            <NavLink
              key={item.screen}
              to={item.to}
              end={item.screen === 'home'}
              className={({ isActive }) =>
                `admin-nav-link${isActive || (item.alsoUnder !== undefined && pathname.startsWith(item.alsoUnder)) ? ' active' : ''}`
              }
            >
              {t(item.label)}
            </NavLink>
          ))}
        </nav>
      </header>
      <main className="admin-main">
        <div className="admin-title-row">
          <h1>{title}</h1>
          {actions ? <div className="admin-title-actions">{actions}</div> : null}
        </div>
        {children}
      </main>
    </div>
  );
}

/** A labelled figure (the home and agent pages' cards). */
export function Figure({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="admin-figure">
      <span className="admin-figure-label">{label}</span>
      <strong className="admin-figure-value">{value}</strong>
    </div>
  );
}
