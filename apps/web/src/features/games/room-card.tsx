import { useTranslation } from 'react-i18next';
import { betLabel } from './bets';
import type { RoomPayload } from '@durak/protocol';
import { roomOptionKeys } from './room-options';
import { SeatAvatars } from '../friends/seat-avatars';

export function LockIcon() {
  return (
    <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
      <path d="M7 10V7a5 5 0 0 1 10 0v3" fill="none" stroke="currentColor" strokeWidth="2.2" />
      <rect x="4.5" y="10" width="15" height="11" rx="2.5" fill="currentColor" />
    </svg>
  );
}

/** One room of the lobby: bet, seats, deck and its options at a glance; the whole card is the tap target. */
export function RoomCard({ room, onOpen }: { room: RoomPayload; onOpen: (room: RoomPayload) => void }) {
  const { t } = useTranslation('game');
  const { t: tRules } = useTranslation('rules');
  const taken = room.seats_taken;
  const isFull = taken >= room.player_count;
  const isPlaying = room.status === 'in_progress';
  const action = isPlaying || isFull ? t('lobby.watch') : t('lobby.join');
  return (
    <li>
      <button
        type="button"
        className={`room-card${isPlaying ? ' room-card-playing' : ''}`}
        onClick={() => onOpen(room)}
        data-testid="room-card"
        data-room-id={String(room.id)}
      >
        <span className="room-bet">
          <span className={`room-coin room-coin-${(room.balance_type ?? '').toLowerCase()}`} aria-hidden="true" />
          <strong>{betLabel(room.bet_amount)}</strong>
          {room.is_private ? (
            <span className="room-lock" title={t('lobby.private')} aria-label={t('lobby.private')}>
              <LockIcon />
            </span>
          ) : null}
        </span>
        <SeatAvatars room={room} label={t('lobby.seats', { taken, total: room.player_count })} />
        <span className="room-meta">
          <span className="room-deck">{t('lobby.deck_short', { count: room.deck_size })}</span>
          {room.is_team_mode ? (
            <span className="room-tag room-tag-team" data-testid="room-option">
              {tRules('team_mode')}
            </span>
          ) : null}
          {/* Options as short words: clearer than icons, and no emoji font needed. */}
          {roomOptionKeys(room).map((key) => (
            <span key={key} className={`room-tag room-tag-${key.replace(/^\w+\./, '')}`} data-testid="room-option">
              {t(key)}
            </span>
          ))}
        </span>
        <span className={`room-action${isPlaying || isFull ? ' room-action-watch' : ''}`}>{action}</span>
      </button>
    </li>
  );
}
