import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { api } from '../../net/api';
import { inviterFromSearch } from '../friends/invite-link';
import { AuthLayout } from './auth-layout';
import { CredentialsForm } from './credentials-form';
import { TextField } from './text-field';
import { useAuthSubmit } from './use-auth-submit';
import { checkPassword, checkRepeat, checkUsername } from './validate';

export default function RegistrationPage() {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const { isBusy, problems, setProblems, submit } = useAuthSubmit((code) => (code === 'user/username_taken' ? 'username' : null));

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const checks: Array<[string, string | null]> = [
      ['username', checkUsername(username)],
      ['password', checkPassword(password, true)],
      ['repeat', checkRepeat(password, repeat)],
    ];
    const fields: Record<string, string> = {};
    for (const [field, problem] of checks) if (problem) fields[field] = problem;
    if (Object.keys(fields).length > 0) return setProblems({ fields, form: null });
    const inviter = inviterFromSearch(location.search);
    const body = { username: username.trim(), password, language: i18n.resolvedLanguage ?? 'ru' };
    void submit(() => api.register(inviter === undefined ? body : { ...body, pr: inviter }));
  }

  return (
    <AuthLayout
      title={t('auth.registration_title')}
      other={{ prompt: t('auth.have_account'), to: '/auth/login', label: t('auth.to_login') }}
    >
      <CredentialsForm
        username={username}
        password={password}
        onUsername={setUsername}
        onPassword={setPassword}
        isNewPassword
        problems={problems}
        isBusy={isBusy}
        submitLabel={t('auth.register_button')}
        onSubmit={onSubmit}
      >
        <TextField
          name="repeat"
          type="password"
          label={t('auth.password_repeat')}
          value={repeat}
          autoComplete="new-password"
          onChange={setRepeat}
          error={problems.fields.repeat ? t(problems.fields.repeat) : null}
        />
      </CredentialsForm>
    </AuthLayout>
  );
}
