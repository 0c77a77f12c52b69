import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The tiles into the tournaments and the slot machine. */
export function ShortcutsSection() {
  const { t } = useTranslation();
  return (
    <div className="home-grid">
      <svg width="0" height="0" className="visually-hidden" aria-hidden="true">
        <defs>
          <linearGradient id="gold-fill" x1="0" y1="0" x2="0" y2="1">
            <stop offset="0" stopColor="#f6dd9a" />
            <stop offset="1" stopColor="#b8892f" />
          </linearGradient>
        </defs>
      </svg>
      <Link to="/tournament/current" className="home-tile">
        <svg className="home-tile-icon" viewBox="0 0 48 48" width="44" height="44" aria-hidden="true">
          <path d="M14 6h20v10c0 7-4.5 12-10 12S14 23 14 16z" fill="url(#gold-fill)" />
          <path d="M14 10H7c0 6 3 10 8 10M34 10h7c0 6-3 10-8 10" fill="none" stroke="#e9c46a" strokeWidth="3" strokeLinecap="round" />
          <path d="M20 28h8v7h-8z" fill="#b8892f" />
          <rect x="13" y="35" width="22" height="7" rx="2" fill="url(#gold-fill)" />
          <path d="M24 11l1.8 3.7 4 .6-2.9 2.8.7 4-3.6-1.9-3.6 1.9.7-4-2.9-2.8 4-.6z" fill="#fff6d8" />
        </svg>
        <strong>{t('home.tournaments')}</strong>
        <small>{t('home.tournaments_hint')}</small>
      </Link>
      <Link to="/bandit" className="home-tile">
        <svg className="home-tile-icon" viewBox="0 0 48 48" width="44" height="44" aria-hidden="true">
          <rect x="5" y="9" width="32" height="32" rx="6" fill="url(#gold-fill)" />
          <rect x="9" y="15" width="7" height="16" rx="2" fill="#fffdf6" />
          <rect x="17.5" y="15" width="7" height="16" rx="2" fill="#fffdf6" />
          <rect x="26" y="15" width="7" height="16" rx="2" fill="#fffdf6" />
          <text x="12.5" y="27.5" textAnchor="middle" fontSize="10" fontWeight="900" fill="#c0392b">
            7
          </text>
          <text x="21" y="27.5" textAnchor="middle" fontSize="10" fontWeight="900" fill="#c0392b">
            7
          </text>
          <text x="29.5" y="27.5" textAnchor="middle" fontSize="10" fontWeight="900" fill="#c0392b">
            7
          </text>
          <path d="M41 12v16" stroke="#e9c46a" strokeWidth="3" strokeLinecap="round" />
          <circle cx="41" cy="10" r="4" fill="#c0392b" />
        </svg>
        <strong>{t('home.bandit')}</strong>
        <small>{t('home.bandit_hint')}</small>
      </Link>
    </div>
  );
}
