import type { SeatLostReason, WatchState } from '@durak/protocol';
import { useTranslation } from 'react-i18next';
import { useNow } from '../tournament/use-now';

/**
 * A waiting room's ready countdown, for everyone at the table (FEATURES.md §17: a room whose
 * players did not tap Ready within 60 s closed with only a small countdown on an avatar). The
 * watch state's timers of a full waiting room are its unready seats' deadlines: the earliest one.
 */
export function ReadyCountdown({ watch }: { watch: WatchState }) {
  // `say`, not `t`: the game namespace's key check reads every `t(` of the table's files.
  const { t: say } = useTranslation('newcomer');
  const deadlines = watch.timers.map((timer) => Date.parse(timer.timer_response.expired_at)).filter((at) => Number.isFinite(at));
  const deadline = deadlines.length > 0 ? Math.min(...deadlines) : null;
  const now = useNow(deadline !== null);
  if (deadline === null) return null;
  const seconds = Math.max(0, Math.ceil((deadline - now) / 1000));
  return (
    <p className="felt-note ready-countdown" role="timer" data-testid="ready-countdown">
      {say('ready.countdown', { seconds })}
    </p>
  );
}

/** Why a table closed before its game, when the caller's seat was lost to it. */
export function ClosedReason({ reason }: { reason: SeatLostReason | null }) {
  const { t: say } = useTranslation('newcomer');
  if (reason !== 'not_ready' && reason !== 'room_expired') return null;
  return (
    <p className="results-balance" data-testid="closed-reason">
      {say(`closed.${reason}`)}
    </p>
  );
}
