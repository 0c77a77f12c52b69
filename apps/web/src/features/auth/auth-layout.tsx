import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { LanguagePicker } from './language-picker';
import './auth.css';

/**
 * The frame of both sign-in pages: the brand, the card with its title, and below it the way to
 * the other page, which keeps where the visitor was headed (the router state `from`).
 */
export function AuthLayout({
  title,
  children,
  other,
}: {
  title: string;
  children: ReactNode;
  other: { prompt: string; to: string; label: string };
}) {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <main className="auth-page">
      <div className="auth-brand">
        <img src="/favicon.svg" alt="" width={56} height={56} />
        <span>{t('app.title')}</span>
      </div>
      <section className="auth-card panel">
        <h1 className="auth-title">{title}</h1>
        {children}
      </section>
      <p className="auth-footer">
        {other.prompt}{' '}
        <Link to={other.to} state={location.state}>
          {other.label}
        </Link>
      </p>
      <LanguagePicker />
    </main>
  );
}
