import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toApiFailure } from '../../net/api-error';
import { ConfirmDialog } from '../admin/ui/confirm-dialog';
import { ErrorNotice } from './error-notice';
import type { TournamentPayload } from '@durak/protocol';
import { tournamentApi } from './tournament-api';
import { queryKeys } from '../../net/query-keys';

/** The admin's writes on one tournament, by the server's names. */
type AdminAction = 'pin' | 'unpin' | 'pause' | 'resume' | 'deleteTournament';

/**
 * Each action's call and its words: `admin.{key}` on the button, `admin.{key}_title` and
 * `admin.{key}_text` in the confirmation; the button's test id is `admin-{key}`.
 */
const ACTIONS: Record<AdminAction, { key: string; call: (id: number, reason: string) => Promise<unknown> }> = {
  pin: { key: 'pin', call: (id, reason) => tournamentApi.setPinned(id, true, reason) },
  unpin: { key: 'unpin', call: (id, reason) => tournamentApi.setPinned(id, false, reason) },
  pause: { key: 'pause', call: tournamentApi.pause },
  resume: { key: 'continue', call: tournamentApi.resume },
  deleteTournament: { key: 'cancel', call: tournamentApi.deleteTournament },
};

/**
 * The admin's buttons for one tournament: pin/unpin, pause/continue, cancel. Each asks first, with
 * the admin area's reason field (FEATURES.md §17): the reason goes to the action's audit line.
 */
export function AdminActions({
  tournament,
}: {
  tournament: Pick<TournamentPayload, 'id' | 'name' | 'status'> & { is_pinned: boolean | null };
}) {
  const { t } = useTranslation('tournament');
  const client = useQueryClient();
  const [asking, setAsking] = useState<AdminAction | null>(null);
  const run = useMutation({
    mutationFn: ({ action, reason }: { action: AdminAction; reason: string }) => ACTIONS[action].call(tournament.id, reason),
    onSuccess: () => void client.invalidateQueries({ queryKey: queryKeys.tournament.all }),
  });
  const isOver = tournament.status === 'finished' || tournament.status === 'cancelled';
  const button = (action: AdminAction, className = 'btn btn-ghost') => (
    <button
      type="button"
      className={className}
      disabled={run.isPending}
      onClick={() => {
        run.reset();
        setAsking(action);
      }}
      data-testid={`admin-${ACTIONS[action].key}`}
    >
      {t(`admin.${ACTIONS[action].key}`)}
    </button>
  );
  const key = asking ? ACTIONS[asking].key : null;
  return (
    <div className="trn-admin-actions">
      {tournament.is_pinned === null ? null : button(tournament.is_pinned ? 'unpin' : 'pin')}
      {tournament.status === 'running' ? button('pause') : null}
      {tournament.status === 'paused' ? button('resume') : null}
      {isOver ? null : button('deleteTournament', 'btn btn-danger')}
      {run.error ? <ErrorNotice failure={toApiFailure(run.error)} /> : null}
      <ConfirmDialog
        isOpen={asking !== null}
        isDanger={asking === 'deleteTournament'}
        title={key ? t(`admin.${key}_title`) : ''}
        confirmLabel={key === 'cancel' ? t('admin.cancel_yes') : key ? t(`admin.${key}`) : ''}
        onClose={() => setAsking(null)}
        // A refusal closes the dialog and is told below the buttons, in the tournament's words.
        onConfirm={(reason) => (asking ? run.mutateAsync({ action: asking, reason }).catch(() => undefined) : Promise.resolve())}
      >
        <p className="trn-confirm-text" data-testid="confirm-text">
          {key ? t(`admin.${key}_text`, { name: tournament.name }) : ''}
        </p>
      </ConfirmDialog>
    </div>
  );
}
