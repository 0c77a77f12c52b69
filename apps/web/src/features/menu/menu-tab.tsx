import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { playSoundLater as playSound } from '../../device/play-sound';
import { vibrate } from '../../device/vibrate';
import { markLanguageChosen } from '../../i18n/account-language';
import { isLanguage, LANGUAGE_NAMES, LANGUAGES } from '../../i18n/languages';
import { permissionsQuery } from '../../net/query-client';
import { useSettingsStore } from '../../state/settings-store';
import { Modal } from '../../ui/modal';
import { APP_VERSION, COPYRIGHT_YEAR } from '../start/start-screen';
import { logout } from './logout';
import { PasswordForm } from './password-form';
import { ProfileSection } from './profile-section';
import { PromoCodeField } from './promo-code-field';
import { ResponsiblePlayLink } from '../responsible-play/menu-link';
import './menu.css';

/** The menu tab: profile (name, avatar), language, sound volume, vibration on/off, a promo code, logout, version. */
export function MenuTab() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const ids = { language: useId(), volume: useId(), vibration: useId() };
  const volume = useSettingsStore((s) => s.volume);
  const isVibrationOn = useSettingsStore((s) => s.isVibrationOn);
  const { setVolume, setVibrationOn } = useSettingsStore.getState();
  const [isConfirming, setConfirming] = useState(false);
  const [isLeaving, setLeaving] = useState(false);
  const current = i18n.resolvedLanguage && isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'ru';

  async function confirmLogout() {
    setLeaving(true);
    await logout(queryClient);
    navigate('/auth/login', { replace: true });
  }

  return (
    <section className="menu panel" aria-labelledby="menu-title">
      <h1 id="menu-title" className="menu-title">
        {t('menu.title')}
      </h1>
      <ProfileSection />
      <div className="menu-row">
        <label htmlFor={ids.language}>{t('menu.language')}</label>
        <select
          id={ids.language}
          className="select"
          value={current}
          data-testid="language-select"
          onChange={(event) => {
            markLanguageChosen();
            void i18n.changeLanguage(event.target.value);
          }}
        >
          {LANGUAGES.map((lng) => (
            <option key={lng} value={lng}>
              {LANGUAGE_NAMES[lng]}
            </option>
          ))}
        </select>
      </div>
      <div className="menu-row">
        <label htmlFor={ids.volume}>
          {t('menu.sound')} <output className="menu-value">{Math.round(volume * 100)}%</output>
        </label>
        <input
          id={ids.volume}
          className="range"
          type="range"
          min={0}
          max={1}
          step={0.05}
          value={volume}
          data-testid="volume"
          onChange={(event) => setVolume(Number(event.target.value))}
          onPointerUp={() => playSound('button')}
        />
      </div>
      <div className="menu-row menu-row-inline">
        <label htmlFor={ids.vibration}>{t('menu.vibration')}</label>
        <button
          id={ids.vibration}
          type="button"
          role="switch"
          aria-checked={isVibrationOn}
          className={`switch${isVibrationOn ? ' switch-on' : ''}`}
          data-testid="vibration-switch"
          onClick={() => {
            setVibrationOn(!isVibrationOn);
            if (!isVibrationOn) vibrate('short');
          }}
        >
          <span className="switch-knob" />
          <span className="visually-hidden">{isVibrationOn ? t('menu.on') : t('menu.off')}</span>
        </button>
      </div>
      <PromoCodeField />
      <ResponsiblePlayLink />
      <PasswordForm />
      <AdminLink />
      <button type="button" className="btn btn-danger btn-block" onClick={() => setConfirming(true)}>
        {t('menu.logout')}
      </button>
      <footer className="menu-about" data-testid="menu-about">
        <span>{t('start.version', { version: APP_VERSION })}</span>
        <span>{t('start.copyright', { year: COPYRIGHT_YEAR })}</span>
      </footer>
      {/* CC BY 4.0 asks for this credit where the table's emoji pictures are used (docs/decisions.md). */}
      <p className="menu-about" data-testid="emoji-credits">
        {t('emoji_credits.line', { work: 'Twemoji', author: 'Twitter, Inc.' })}{' '}
        <a href="https://creativecommons.org/licenses/by/4.0/" target="_blank" rel="noopener noreferrer">
          CC BY 4.0
        </a>
      </p>
      <Modal isOpen={isConfirming} onClose={() => setConfirming(false)} title={t('menu.logout_title')} closeLabel={t('common.close')}>
        <p className="menu-confirm-text">{t('menu.logout_question')}</p>
        <div className="menu-confirm-actions">
          <button type="button" className="btn btn-ghost" onClick={() => setConfirming(false)}>
            {t('common.cancel')}
          </button>
          <button type="button" className="btn btn-gold" disabled={isLeaving} onClick={() => void confirmLogout()}>
            {t('menu.logout_confirm')}
          </button>
        </div>
      </Modal>
    </section>
  );
}

/** Holders of `admin.access` reach the admin area from here (the server still checks every call). */
function AdminLink() {
  const { t } = useTranslation();
  const permissions = useQuery(permissionsQuery).data?.permissions ?? [];
  if (!permissions.includes('admin.access')) return null;
  return (
    <Link to="/admin" className="btn btn-ghost btn-block" data-testid="menu-admin-link">
      {t('menuAdmin.open')}
    </Link>
  );
}
