import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { api } from '../../net/api';
import { inviterFromSearch } from '../friends/invite-link';
import { AuthLayout } from './auth-layout';
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

  const errorOf = (field: string) => (problems.fields[field] ? t(problems.fields[field]) : null);
  return (
    <AuthLayout
      title={t('auth.registration_title')}
      footer={
        <>
          {t('auth.have_account')}{' '}
          <Link to="/auth/login" state={location.state}>
            {t('auth.to_login')}
          </Link>
        </>
      }
    >
      <form className="auth-form" noValidate onSubmit={onSubmit}>
        <TextField
          name="username"
          label={t('auth.username')}
          value={username}
          autoComplete="username"
          onChange={setUsername}
          error={errorOf('username')}
        />
        <TextField
          name="password"
          type="password"
          label={t('auth.password')}
          value={password}
          autoComplete="new-password"
          onChange={setPassword}
          error={errorOf('password')}
        />
        <TextField
          name="repeat"
          type="password"
          label={t('auth.password_repeat')}
          value={repeat}
          autoComplete="new-password"
          onChange={setRepeat}
          error={errorOf('repeat')}
        />
        {problems.form ? (
          <p className="form-error" role="alert">
            {t(problems.form)}
          </p>
        ) : null}
        <button type="submit" className="btn btn-gold btn-block" disabled={isBusy}>
          {t('auth.register_button')}
        </button>
      </form>
    </AuthLayout>
  );
}
