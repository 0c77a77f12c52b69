import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguagePicker } from './language-picker';
import './auth.css';

export function AuthLayout({ title, children, footer }: { title: string; children: ReactNode; footer: ReactNode }) {
  const { t } = useTranslation();
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
      <p className="auth-footer">{footer}</p>
      <LanguagePicker />
    </main>
  );
}
