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

/** The admin's buttons for one tournament: pin/unpin, pause/continue, cancel, each confirmed with a reason. */
export function AdminActions({
  tournament,
}: {
  tournament: Pick<TournamentPayload, 'id' | 'name' | 'status'> & { is_pinned: boolean | null };
}) {
  const { t } = useTranslation('tournament');
  const client = useQueryClient();
  // Every action is confirmed with a reason for the audit log (FEATURES.md §17).
  const [asking, setAsking] = useState<AdminAction | null>(null);
  const run = useMutation({
    mutationFn: ({ action, reason }: { action: AdminAction; reason: string }) => {
      const id = tournament.id;
      if (action === 'pin' || action === 'unpin') return tournamentApi.setPinned(id, action === 'pin', reason);
      if (action === 'pause') return tournamentApi.pause(id, reason);
      if (action === 'continue') return tournamentApi.resume(id, reason);
      return tournamentApi.cancel(id, reason);
    },
    onSuccess: () => {
      setAsking(null);
      void client.invalidateQueries({ queryKey: queryKeys.tournament.all });
    },
    onError: () => setAsking(null),
  });
  const isOver = tournament.status === 'finished' || tournament.status === 'cancelled';
  const button = (action: AdminAction, className = 'btn btn-ghost') => (
    <button type="button" className={className} disabled={run.isPending} onClick={() => setAsking(action)} data-testid={`admin-${action}`}>
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
        isOpen={asking !== null}
        isPending={run.isPending}
        isDanger={asking === 'cancel'}
        askReason
        title={asking === 'cancel' ? t('admin.cancel_title') : t(`admin.${asking ?? 'pin'}`)}
        text={asking === 'cancel' ? t('admin.cancel_text', { name: tournament.name }) : tournament.name}
        confirmLabel={asking === 'cancel' ? t('admin.cancel_yes') : t(`admin.${asking ?? 'pin'}`)}
        onClose={() => setAsking(null)}
        onConfirm={(reason) => asking && run.mutate({ action: asking, reason })}
      />
    </div>
  );
}
