import { useTranslation } from 'react-i18next';
import type { Moves } from './play-logic';

interface ActionBarProps {
  moves: Moves;
  /** The defender said take: the attackers' beat reads "pass" (nothing more to throw in). */
  isTaking: boolean;
  pending: string | null;
  /** A picked card that can also be transferred: the transfer button. */
  pickedTransfer: (() => void) | null;
  canReady: boolean;
  canSit: boolean;
  onSit: () => void;
  onReady: () => void;
  onBeat: () => void;
  onTake: () => void;
  onResults: (() => void) | null;
}

/** Only the buttons that are legal right now (SPEC: beat, take and pass appear only when legal). */
export function ActionBar({
  moves,
  isTaking,
  pending,
  pickedTransfer,
  canReady,
  canSit,
  onSit,
  onReady,
  onBeat,
  onTake,
  onResults,
}: ActionBarProps) {
  const { t } = useTranslation('game');
  const isBusy = pending !== null;
  return (
    <div className="action-bar" data-testid="action-bar">
      {canSit ? (
        <button type="button" className="btn btn-gold action-btn" onClick={onSit} disabled={isBusy} data-testid="action-sit">
          {t('action.sit')}
        </button>
      ) : null}
      {canReady ? (
        <button
          type="button"
          className="btn btn-gold action-btn action-pulse"
          onClick={onReady}
          disabled={isBusy}
          data-testid="action-ready"
        >
          {t('action.ready')}
        </button>
      ) : null}
      {pickedTransfer ? (
        <button type="button" className="btn btn-gold action-btn" onClick={pickedTransfer} disabled={isBusy} data-testid="action-transfer">
          {t('action.transfer')}
        </button>
      ) : null}
      {moves.canTake ? (
        <button type="button" className="btn btn-danger action-btn" onClick={onTake} disabled={isBusy} data-testid="action-take">
          {t('action.take')}
        </button>
      ) : null}
      {moves.canBeat ? (
        <button
          type="button"
          className="btn btn-gold action-btn"
          onClick={onBeat}
          disabled={isBusy}
          data-testid={isTaking ? 'action-pass' : 'action-beat'}
        >
          {isTaking ? t('action.pass') : t('action.beat')}
        </button>
      ) : null}
      {onResults ? (
        <button type="button" className="btn btn-ghost action-btn" onClick={onResults} data-testid="action-results">
          {t('action.results')}
        </button>
      ) : null}
    </div>
  );
}
