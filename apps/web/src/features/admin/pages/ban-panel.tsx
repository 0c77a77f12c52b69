import type { AdminUser } from '@durak/protocol';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminApi } from '../admin-api';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { queryKeys } from '../../../net/query-keys';

/**
 * A user's ban state with ban and unban (`POST`/`DELETE /api/admin/users/{id}/ban`). The reason
 * typed in the confirmation is the ban's reason; an empty "until" bans until lifted.
 */
export function BanPanel({ user, canBan }: { user: AdminUser; canBan: boolean }) {
  const { t, i18n } = useTranslation('admin');
  const queryClient = useQueryClient();
  const [until, setUntil] = useState('');
  const [isAsking, setAsking] = useState(false);
  const done = async () => {
    setUntil('');
    setAsking(false);
    await queryClient.invalidateQueries({ queryKey: queryKeys.admin.user(user.id) });
  };
  const ban = useMutation({
    mutationFn: (reason: string) => adminApi.ban(user.id, { reason, ...(until ? { until: new Date(until).toISOString() } : {}) }),
    onSuccess: done,
  });
  const unban = useMutation({ mutationFn: (reason: string) => adminApi.unban(user.id, reason), onSuccess: done });
  const date = (iso: string) => new Date(iso).toLocaleString(i18n.language, { dateStyle: 'short', timeStyle: 'short' });
  return (
    <section className="admin-ban" aria-labelledby="admin-ban-title" data-testid="ban-panel">
      <h2 id="admin-ban-title" className="admin-subtitle">
        {t('operator.ban.title')}
      </h2>
      <div className="admin-ban-state">
        {user.is_banned ? (
          <>
            <span className="admin-pill admin-pill-danger" data-testid="ban-state">
              {t('operator.ban.banned')}
            </span>
            <span>
              {user.banned_until ? t('operator.ban.until_date', { date: date(user.banned_until) }) : t('operator.ban.until_lifted')}
            </span>
            {user.ban_reason ? <span>· {user.ban_reason}</span> : null}
          </>
        ) : (
          <span className="admin-pill admin-pill-on" data-testid="ban-state">
            {t('operator.ban.not_banned')}
          </span>
        )}
      </div>
      {canBan ? (
        <form
          className="admin-inline-form"
          onSubmit={(event) => {
            event.preventDefault();
            setAsking(true);
          }}
        >
          {user.is_banned ? null : (
            <label className="admin-field">
              <span>{t('operator.ban.until_label')}</span>
              <input type="datetime-local" value={until} onChange={(e) => setUntil(e.target.value)} />
            </label>
          )}
          <button type="submit" className={`btn admin-btn${user.is_banned ? '' : ' admin-btn-danger'}`} data-testid="ban-button">
            {user.is_banned ? t('operator.ban.unban') : t('operator.ban.ban')}
          </button>
        </form>
      ) : null}
      <ConfirmDialog
        isOpen={isAsking}
        title={user.is_banned ? t('operator.ban.unban') : t('operator.ban.ban')}
        confirmLabel={user.is_banned ? t('operator.ban.unban') : t('operator.ban.ban')}
        isDanger={!user.is_banned}
        onClose={() => setAsking(false)}
        onConfirm={(reason) => (user.is_banned ? unban.mutateAsync(reason) : ban.mutateAsync(reason))}
      >
        <p>
          {user.is_banned ? t('operator.ban.unban_text', { name: user.username }) : t('operator.ban.ban_text', { name: user.username })}
        </p>
      </ConfirmDialog>
    </section>
  );
}
