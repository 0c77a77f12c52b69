import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toApiFailure } from '../../net/api-error';
import { ConfirmDialog } from './confirm-dialog';
import { ErrorNotice } from './error-notice';
import type { TournamentPayload } from '@durak/protocol';
import { tournamentApi } from './tournament-api';
import { queryKeys } from '../../net/query-keys';

type AdminAction = 'pin' | 'unpin' | 'pause' | 'continue' | 'cancel';

/** The admin's buttons for one tournament: pin/unpin, pause/continue, cancel (confirmed). */
export function AdminActions({
  tournament,
}: {
  tournament: Pick<TournamentPayload, 'id' | 'name' | 'status'> & { is_pinned: boolean | null };
}) {
  const { t } = useTranslation('tournament');
  const client = useQueryClient();
  const [isAsking, setAsking] = useState(false);
  const run = useMutation({
    mutationFn: (action: AdminAction) => {
      const id = tournament.id;
      if (action === 'pin' || action === 'unpin') return tournamentApi.setPinned(id, action === 'pin');
      if (action === 'pause') return tournamentApi.pause(id);
      if (action === 'continue') return tournamentApi.resume(id);
      return tournamentApi.cancel(id);
    },
    onSuccess: () => {
      setAsking(false);
      void client.invalidateQueries({ queryKey: queryKeys.tournament.all });
    },
    onError: () => setAsking(false),
  });
  const isOver = tournament.status === 'finished' || tournament.status === 'cancelled';
  const button = (action: AdminAction, className = 'btn btn-ghost') => (
    <button
      type="button"
      className={className}
      disabled={run.isPending}
      onClick={() => (action === 'cancel' ? setAsking(true) : run.mutate(action))}
      data-testid={`admin-${action}`}
    >
      {t(`admin.${action}`)}
    </button>
  );
  return (
    <div className="trn-admin-actions">
      {tournament.is_pinned === null ? null : button(tournament.is_pinned ? 'unpin' : 'pin')}
      {tournament.status === 'running' ? button('pause') : null}
      {tournament.status === 'paused' ? button('continue') : null}
      {isOver ? null : button('cancel', 'btn btn-danger')}
      {run.error ? <ErrorNotice failure={toApiFailure(run.error)} /> : null}
      <ConfirmDialog
        isOpen={isAsking}
        isPending={run.isPending}
        isDanger
        title={t('admin.cancel_title')}
        text={t('admin.cancel_text', { name: tournament.name })}
        confirmLabel={t('admin.cancel_yes')}
        onClose={() => setAsking(false)}
        onConfirm={() => run.mutate('cancel')}
      />
    </div>
  );
}
