import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { betLabel } from '../games/bets';
import type { RoomPayload } from '@durak/protocol';

const OPTION_ICONS = [
  ['is_speed_mode', '⚡'],
  ['is_transfer_allowed', '↪'],
  ['is_cheating_allowed', '✱'],
  ['is_draw_allowed', '='],
  ['is_death_match_allowed', '☠'],
  ['secret_trump_mode', '?'],
] as const;

/** Leave, the room's bet (with its wallet's name) and options at a glance, and surrender while it is allowed. */
export function TopBar({
  room,
  canSurrender,
  onLeave,
  onSurrender,
}: {
  room: RoomPayload;
  canSurrender: boolean;
  onLeave: () => void;
  onSurrender: () => void;
}) {
  const { t } = useTranslation('game');
  // The stake's wallet by name, not only by the coin's colour (FEATURES.md §6).
  const wallet = t(`wallet.${room.balance_type}`);
  const betName = t('table.bet_wallet', { amount: betLabel(room.bet_amount), wallet });
  return (
    <header className="table-top">
      <button type="button" className="icon-btn" onClick={onLeave} aria-label={t('action.leave')} data-testid="action-leave">
        ‹
      </button>
      <div className="table-info">
        {/* A game without a stake (a tournament's, a practice one) shows no bet pill: a "0" only puzzles. */}
        {room.tournament_id != null ? (
          <span className="room-badge table-tournament" data-testid="table-tournament">
            {t('first_taps.tournament.badge')}
          </span>
        ) : room.bet_amount === '0' ? null : (
          <span className="table-bet" data-testid="table-bet" role="img" aria-label={betName} title={betName}>
            <span className={`room-coin room-coin-${room.balance_type.toLowerCase()}`} aria-hidden="true" />
            {betLabel(room.bet_amount)}
            <span className="table-wallet" aria-hidden="true">
              {wallet}
            </span>
          </span>
        )}
        <RoomRules room={room} />
      </div>
      {canSurrender ? (
        <button
          type="button"
          className="icon-btn icon-btn-danger"
          onClick={onSurrender}
          aria-label={t('action.surrender')}
          title={t('action.surrender')}
          data-testid="action-surrender"
        >
          ⚑
        </button>
      ) : (
        <span className="icon-spacer" />
      )}
    </header>
  );
}

/**
 * The deck and the rule icons in one tap target that never wraps (FEATURES.md §17: three icons
 * or more wrapped the top bar over the top seat at 390 px); a tap opens a legend naming each, and
 * a private room shows a lock.
 */
function RoomRules({ room }: { room: RoomPayload }) {
  const { t } = useTranslation('game');
  const [isOpen, setOpen] = useState(false);
  const rules: { key: string; icon: ReactNode; name: string }[] = OPTION_ICONS.filter(([key]) => room[key]).map(([key, icon]) => ({
    key,
    icon,
    name: t(`option.${key}`),
  }));
  if (room.is_private) rules.push({ key: 'is_private', icon: <LockIcon />, name: t('lobby.private') });
  const deck = t('lobby.deck_short', { count: room.deck_size });
  return (
    <span className="table-rules-wrap">
      <button
        type="button"
        className="table-rules"
        aria-expanded={isOpen}
        aria-label={[deck, ...rules.map((r) => r.name)].join(', ')}
        data-testid="table-rules"
        onClick={() => setOpen(!isOpen)}
      >
        <span className="table-rules-deck">{room.deck_size}</span>
        {rules.map((r) => (
          <span key={r.key} className="table-rules-icon" aria-hidden="true">
            {r.icon}
          </span>
        ))}
      </button>
      {isOpen ? (
        <ul className="table-rules-legend" data-testid="table-rules-legend" onClick={() => setOpen(false)}>
          <li>{deck}</li>
          {rules.map((r) => (
            <li key={r.key}>
              <span className="table-rules-icon">{r.icon}</span> {r.name}
            </li>
          ))}
        </ul>
      ) : null}
    </span>
  );
}

/** A padlock drawn inline: an emoji lock is missing from some phones' fonts. */
function LockIcon() {
  return (
    <svg className="table-rules-lock" viewBox="0 0 16 16" width="12" height="12" aria-hidden="true" data-testid="table-rules-lock">
      <rect x="3" y="7" width="10" height="8" rx="1.5" fill="currentColor" />
      <path d="M5 7V5a3 3 0 0 1 6 0v2" fill="none" stroke="currentColor" strokeWidth="1.8" />
    </svg>
  );
}
