import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { ensureMiniApp, isMiniApp, miniAppAuthPayload } from '../../device/telegram';
import { api } from '../../net/api';
import { AuthLayout } from './auth-layout';
import { TextField } from './text-field';
import { useAuthSubmit } from './use-auth-submit';
import { checkPassword, checkUsername } from './validate';

export default function LoginPage() {
  const { t } = useTranslation();
  const { t: nt } = useTranslation('newcomer');
  const location = useLocation();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  // A wrong name or password belongs to the password field: that is where the user retypes.
  const { isBusy, problems, setProblems, submit } = useAuthSubmit((code) => (code === 'auth/invalid_credentials' ? 'password' : null));

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const fields: Record<string, string> = {};
    const u = checkUsername(username, false);
    const p = checkPassword(password, false);
    if (u) fields.username = u;
    if (p) fields.password = p;
    if (u || p) return setProblems({ fields, form: null });
    void submit(() => api.login({ username: username.trim(), password }));
  }

  return (
    <AuthLayout
      title={t('auth.login_title')}
      footer={
        <>
          {t('auth.no_account')}{' '}
          <Link to="/auth/registration" state={location.state}>
            {t('auth.to_registration')}
          </Link>
        </>
      }
    >
      {isMiniApp() ? (
        // Signed out inside Telegram (FEATURES.md §17): a Telegram account has no password to type.
        <div className="auth-telegram" data-testid="telegram-sign-in">
          <p>{nt('telegram.hint')}</p>
          {problems.form ? (
            <p className="form-error" role="alert">
              {t(problems.form)}
            </p>
          ) : null}
          <button
            type="button"
            className="btn btn-gold btn-block"
            disabled={isBusy}
            onClick={() =>
              void submit(async () => {
                await ensureMiniApp();
                return api.telegramAuth(miniAppAuthPayload());
              })
            }
          >
            {nt('telegram.sign_in')}
          </button>
        </div>
      ) : (
        <form className="auth-form" noValidate onSubmit={onSubmit}>
          <TextField
            name="username"
            label={t('auth.username')}
            value={username}
            autoComplete="username"
            onChange={setUsername}
            error={problems.fields.username ? t(problems.fields.username) : null}
          />
          <TextField
            name="password"
            type="password"
            label={t('auth.password')}
            value={password}
            autoComplete="current-password"
            onChange={setPassword}
            error={problems.fields.password ? t(problems.fields.password) : null}
          />
          {problems.form ? (
            <p className="form-error" role="alert">
              {t(problems.form)}
            </p>
          ) : null}
          <button type="submit" className="btn btn-gold btn-block" disabled={isBusy}>
            {t('auth.login_button')}
          </button>
        </form>
      )}
    </AuthLayout>
  );
}
