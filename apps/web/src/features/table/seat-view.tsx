import type { PlayerRoundStatus } from '@durak/engine';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../ui/avatar';
import { BotIcon } from '../../ui/bot-icon';
import { cutName } from '../../ui/format';
import { Flag } from './flag';
import { ShieldIcon, SwordIcon } from './role-icons';
import { SeatTimer } from './seat-timer';
import type { WatchSeat, TimerPayload } from '@durak/protocol';

export interface SeatProps {
  seat: WatchSeat;
  isAttacker: boolean;
  isDefender: boolean;
  isPlaying: boolean;
  roundStatus: PlayerRoundStatus | undefined;
  timer: TimerPayload | undefined;
  isMe: boolean;
  style?: CSSProperties;
  emoji: string | null;
  onTap: () => void;
}

/** One player's seat (SPEC §2, §4): avatar, name, flag, card count, role, status and timer. */
export function SeatView({ seat, isAttacker, isDefender, isPlaying, roundStatus, timer, isMe, style, emoji, onTap }: SeatProps) {
  const { t } = useTranslation('game');
  const name = seat.player.username;
  const isOffline = !seat.is_connected && seat.result !== 'victory';
  const label = seat.result ? t(`result.${seat.result}`) : !isPlaying && seat.is_ready ? t('seat.ready') : roundStatus ? t(`round.${roundStatus}`) : null;
  const avatarSize = 46;
  return (
    <div
      className={`seat${isMe ? ' seat-me' : ''}${isAttacker ? ' seat-attacker' : ''}${isDefender ? ' seat-defender' : ''}${isOffline ? ' seat-offline' : ''}`}
      style={style}
      data-testid="seat"
      data-player-id={String(seat.player.player_id)}
      data-position={seat.position}
    >
      <button type="button" className="seat-avatar" onClick={onTap} aria-label={t('emoji.for', { name })}>
        <Avatar url={seat.avatar} name={name} size={avatarSize} />
        {timer ? <SeatTimer timer={timer} isAttacker={isAttacker} size={avatarSize + 10} /> : null}
        {isAttacker ? (
          <span className="seat-role seat-role-sword" title={t('seat.attacker')} aria-label={t('seat.attacker')}>
            <SwordIcon />
          </span>
        ) : null}
        {isDefender ? (
          <span className="seat-role seat-role-shield" title={t('seat.defender')} aria-label={t('seat.defender')}>
            <ShieldIcon />
          </span>
        ) : null}
        {isPlaying && !isMe ? (
          <span className="seat-count" data-testid="seat-card-count" aria-label={t('seat.cards', { count: seat.card_count })}>
            {seat.card_count}
          </span>
        ) : null}
        {emoji ? (
          <span className="seat-emoji" key={emoji} aria-hidden="true">
            {emoji.split(':')[0]}
          </span>
        ) : null}
      </button>
      <span className="seat-name" title={name}>
        <Flag country={seat.country} />
        {cutName(name)}
        {seat.is_bot ? (
          <span className="seat-bot" data-testid="seat-bot" role="img" title={t('seat.bot')} aria-label={t('seat.bot')}>
            <BotIcon size={13} />
          </span>
        ) : null}
      </span>
      {label ? <span className={`seat-label seat-label-${seat.result ?? (roundStatus && isPlaying ? roundStatus : 'ready')}`} data-testid="seat-label">{label}</span> : null}
      {isOffline ? <span className="seat-label seat-label-offline" data-testid="seat-offline">{t('seat.offline')}</span> : null}
    </div>
  );
}

/** An empty seat (SPEC §2: 'свободно'); a tap takes it. */
export function EmptySeat({ position, style, canSit, onSit }: { position: number; style?: CSSProperties; canSit: boolean; onSit: (position: number) => void }) {
  const { t } = useTranslation('game');
  return (
    <div className="seat seat-empty" style={style} data-testid="seat-empty" data-position={position}>
      <button type="button" className="seat-free" disabled={!canSit} onClick={() => onSit(position)} aria-label={canSit ? t('seat.take') : t('seat.free')}>
        +
      </button>
      <span className="seat-name">{t('seat.free')}</span>
    </div>
  );
}
