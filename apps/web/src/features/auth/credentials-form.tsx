import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from './text-field';
import type { SubmitProblems } from './use-auth-submit';

/** A problem of the whole form (not of one field), above its button. */
export function FormProblem({ problem }: { problem: string | null }) {
  const { t } = useTranslation();
  return problem ? (
    <p className="form-error" role="alert">
      {t(problem)}
    </p>
  ) : null;
}

/**
 * The sign-in and sign-up form: the name and the password, each with its problem, any further
 * fields (`children`, after the password), the form's own problem and the button.
 */
export function CredentialsForm({
  username,
  password,
  onUsername,
  onPassword,
  isNewPassword,
  problems,
  isBusy,
  submitLabel,
  onSubmit,
  children,
}: {
  username: string;
  password: string;
  onUsername: (value: string) => void;
  onPassword: (value: string) => void;
  /** Sign-up: the browser offers to make up a password rather than fill in a saved one. */
  isNewPassword: boolean;
  problems: SubmitProblems;
  isBusy: boolean;
  submitLabel: string;
  onSubmit: (event: FormEvent) => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const errorOf = (field: string) => (problems.fields[field] ? t(problems.fields[field]) : null);
  return (
    <form className="auth-form" noValidate onSubmit={onSubmit}>
      <TextField
        name="username"
        label={t('auth.username')}
        value={username}
        autoComplete="username"
        onChange={onUsername}
        error={errorOf('username')}
      />
      <TextField
        name="password"
        type="password"
        label={t('auth.password')}
        value={password}
        autoComplete={isNewPassword ? 'new-password' : 'current-password'}
        onChange={onPassword}
        error={errorOf('password')}
      />
      {children}
      <FormProblem problem={problems.form} />
      <button type="submit" className="btn btn-gold btn-block" disabled={isBusy}>
        {submitLabel}
      </button>
    </form>
  );
}
