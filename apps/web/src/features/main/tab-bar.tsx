import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import type { MainTab } from '../../routes/paths';
import { playSoundLater as playSound } from '../../device/play-sound';
import { vibrate } from '../../device/vibrate';

const ICONS: Record<MainTab, ReactNode> = {
  '/': <path d="M3 11 12 4l9 7v9a1 1 0 0 1-1 1h-5v-6h-6v6H4a1 1 0 0 1-1-1z" />,
  '/store': <path d="M4 8h16l-1.5 12h-13zM8 8a4 4 0 0 1 8 0" fill="none" strokeWidth="2" />,
  '/friends': (
    <>
      <circle cx="9" cy="8" r="3.5" />
      <circle cx="17" cy="9" r="2.8" />
      <path d="M2.5 20c.6-4 3.3-6 6.5-6s5.9 2 6.5 6zM15 14.2c3 .1 5.6 1.8 6.3 5.8h-4.4" />
    </>
  ),
  '/career': <path d="M7 4h10v3a5 5 0 0 1-10 0zM4 5h3v2a3 3 0 0 1-3-2zM20 5h-3v2a3 3 0 0 0 3-2zM10.5 12h3v4h-3zM8 17h8v3H8z" />,
  '/menu': <path d="M4 6h16v2.4H4zM4 10.8h16v2.4H4zM4 15.6h16V18H4z" />,
};
const LABELS: Record<MainTab, string> = {
  '/': 'nav.home',
  '/store': 'nav.store',
  '/friends': 'nav.friends',
  '/career': 'nav.career',
  '/menu': 'nav.menu',
};

function tap() {
  playSound('button');
  vibrate('buttonPress');
}

export function TabBar({ tabs }: { tabs: readonly MainTab[] }) {
  const { t } = useTranslation();
  return (
    <nav className="tab-bar" aria-label={t('nav.title')}>
      {tabs.map((path) => (
        <NavLink key={path} to={path} end className={({ isActive }) => `tab${isActive ? ' tab-active' : ''}`} onClick={tap}>
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" fill="currentColor" stroke="currentColor" strokeWidth="0">
            {ICONS[path]}
          </svg>
          <span>{t(LABELS[path])}</span>
        </NavLink>
      ))}
    </nav>
  );
}
