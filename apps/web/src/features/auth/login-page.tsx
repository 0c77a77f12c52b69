import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ensureMiniApp, isMiniApp, miniAppAuthPayload } from '../../device/telegram';
import { api } from '../../net/api';
import { AuthLayout } from './auth-layout';
import { CredentialsForm, FormProblem } from './credentials-form';
import { useAuthSubmit } from './use-auth-submit';
import { checkPassword, checkUsername } from './validate';

export default function LoginPage() {
  const { t } = useTranslation();
  const { t: nt } = useTranslation('newcomer');
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
      other={{ prompt: t('auth.no_account'), to: '/auth/registration', label: t('auth.to_registration') }}
    >
      {isMiniApp() ? (
        // Signed out inside Telegram (FEATURES.md §17): a Telegram account has no password to type.
        <div className="auth-telegram" data-testid="telegram-sign-in">
          <p>{nt('telegram.hint')}</p>
          <FormProblem problem={problems.form} />
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
        <CredentialsForm
          username={username}
          password={password}
          onUsername={setUsername}
          onPassword={setPassword}
          isNewPassword={false}
          problems={problems}
          isBusy={isBusy}
          submitLabel={t('auth.login_button')}
          onSubmit={onSubmit}
        />
      )}
    </AuthLayout>
  );
}
