import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../net/api';
import { toApiFailure } from '../../net/api-error';
import { patchUser, useUser } from '../../net/user-query';
import { Avatar } from '../../ui/avatar';
import { checkUsername, serverProblemKey } from '../auth/validate';
import '../../ui/text-input.css';

/** The translation key (common namespace) for a failed username change: taken, a bad field, or other. */
export function usernameProblemKey(error: unknown): string {
  const failure = toApiFailure(error);
  if (failure.status === 409) return 'errors.username_taken';
  if (failure.status === 400 && failure.field === 'username') return 'errors.username_format';
  return serverProblemKey(failure.code);
}

/** Username change and avatar upload (FEATURES.md §3). */
export function ProfileSection() {
  const { t } = useTranslation('player');
  const user = useUser();
  const client = useQueryClient();
  const ids = { name: useId(), file: useId() };
  const [name, setName] = useState(user?.username ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const rename = useMutation({
    mutationFn: (username: string) => api.changeUsername(username),
    onSuccess: ({ username }) => {
      patchUser(client, { username });
      setName(username);
    },
    onError: (error) => setProblem(usernameProblemKey(error)),
  });
  const upload = useMutation({
    mutationFn: (file: File) => api.uploadAvatar(file),
    onSuccess: ({ avatar_url }) => {
      patchUser(client, { avatar_url });
    },
  });
  const uploadFailure = upload.error ? toApiFailure(upload.error) : null;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    rename.reset();
    const local = checkUsername(name);
    if (local) return setProblem(local);
    setProblem(null);
    rename.mutate(name.trim());
  }

  if (!user) return null;
  return (
    <div className="menu-profile" data-testid="profile">
      <div className="menu-avatar">
        <Avatar url={user.avatar_url} name={user.username} size={64} />
        <label htmlFor={ids.file} className="btn btn-ghost">
          {upload.isPending ? t('menu.avatar_uploading') : t('menu.avatar_change')}
        </label>
        <input
          ref={fileInput}
          id={ids.file}
          className="visually-hidden"
          type="file"
          accept="image/png,image/jpeg,image/webp,image/gif"
          data-testid="avatar-file"
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) upload.mutate(file);
            event.target.value = '';
          }}
        />
      </div>
      {upload.isSuccess ? (
        <p role="status" className="menu-ok">
          {t('menu.avatar_saved')}
        </p>
      ) : null}
      {uploadFailure ? (
        <p role="alert" className="form-error" data-testid="avatar-error">
          {uploadFailure.code === 'avatar/too_large' ? t('menu.avatar_too_large') : t('menu.avatar_failed')}
        </p>
      ) : null}
      <form className="menu-rename" noValidate onSubmit={onSubmit}>
        <label htmlFor={ids.name}>{t('menu.username')}</label>
        <div className="menu-rename-row">
          <input
            id={ids.name}
            className="text-input"
            value={name}
            autoComplete="username"
            autoCapitalize="off"
            spellCheck={false}
            aria-invalid={problem ? 'true' : 'false'}
            data-testid="username-input"
            onChange={(event) => setName(event.target.value)}
          />
          <button
            type="submit"
            className="btn btn-gold"
            disabled={rename.isPending || name.trim() === user.username}
            data-testid="username-save"
          >
            {t('menu.username_save')}
          </button>
        </div>
        {problem ? (
          <p role="alert" className="form-error" data-testid="username-error">
            {t(problem, { ns: 'common' })}
          </p>
        ) : null}
        {rename.isSuccess ? (
          <p role="status" className="menu-ok">
            {t('menu.username_saved')}
          </p>
        ) : null}
      </form>
    </div>
  );
}
