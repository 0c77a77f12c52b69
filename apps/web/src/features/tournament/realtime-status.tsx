import { useTranslation } from 'react-i18next';
import type { ConnectionState } from '../../net/realtime';

/** SPEC §3/§4: the tournament's realtime status, a dot and a word. */
export function RealtimeStatus({ state }: { state: ConnectionState }) {
  const { t } = useTranslation('tournament');
  return (
    <span className={`trn-live trn-live-${state}`} role="status" data-testid="tournament-realtime" data-state={state}>
      {t(`realtime.${state}`)}
    </span>
  );
}
