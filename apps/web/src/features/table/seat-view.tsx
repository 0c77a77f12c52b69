import type { PlayerRoundStatus } from '@durak/engine';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../ui/avatar';
import { BotIcon } from '../../ui/bot-icon';
import { cutName } from '../../ui/format';
import { DEFAULT_CARD_BACK } from '../../net/query-client';
import { EmojiIcon } from './emoji-icon';
import { Flag } from './flag';
import { ShieldIcon, SwordIcon } from './role-icons';
import { SeatTimer } from './seat-timer';
import { bubbleName } from './use-emoji-bubbles';
import './team-results.css';
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
  /** The user's card back, for the opponents' hands. */
  backUrl?: string | undefined;
  /** Two against two (FEATURES.md §16): this seat is the viewer's partner. */
  isPartner?: boolean;
}

/** One player's seat (SPEC §2, §4): avatar, name, flag, card count, role, status and timer. */
export function SeatView({
  seat,
  isAttacker,
  isDefender,
  isPlaying,
  roundStatus,
  timer,
  isMe,
  style,
  emoji,
  onTap,
  backUrl = DEFAULT_CARD_BACK,
  isPartner = false,
}: SeatProps) {
  const { t } = useTranslation('game');
  const { t: tRules } = useTranslation('rules');
  const name = seat.player.username;
  const isOffline = !seat.is_connected && seat.result !== 'victory';
  const label = seat.result
    ? t(`result.${seat.result}`)
    : !isPlaying && seat.is_ready
      ? t('seat.ready')
      : roundStatus
        ? t(`round.${roundStatus}`)
        : null;
  const avatarSize = 46;
  return (
    <div
      className={`seat${isMe ? ' seat-me' : ''}${isAttacker ? ' seat-attacker' : ''}${isDefender ? ' seat-defender' : ''}${isOffline ? ' seat-offline' : ''}${emoji ? ' seat-emoji-on' : ''}`}
      style={style}
      data-testid="seat"
      data-player-id={String(seat.player.player_id)}
      data-position={seat.position}
    >
      <button type="button" className="seat-avatar" onClick={onTap} aria-label={t('emoji.for', { name })}>
        <Avatar url={seat.avatar} name={name} size={avatarSize} />
        {timer ? <SeatTimer timer={timer} isAttacker={isAttacker} isBank={timer.is_time_bank === true} size={avatarSize + 10} /> : null}
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
          <span className="seat-count" data-testid="seat-card-count" aria-hidden="true">
            {seat.card_count}
          </span>
        ) : null}
        {emoji ? (
          <span className="seat-emoji" key={emoji} data-testid="seat-emoji">
            <EmojiIcon
              name={bubbleName(emoji)}
              alt={t(`emoji.name.${bubbleName(emoji)}`, { defaultValue: bubbleName(emoji) })}
              className="emoji-pic"
            />
          </span>
        ) : null}
      </button>
      {isPlaying && !isMe ? <SeatBacks count={seat.card_count} url={backUrl} /> : null}
      {isPlaying && seat.result === null ? <TimeBank ms={seat.time_bank_ms} isRunning={timer?.is_time_bank === true} /> : null}
      <span className="seat-name" title={name}>
        <Flag country={seat.country} />
        {cutName(name)}
        {seat.is_bot ? (
          <span className="seat-bot" data-testid="seat-bot" role="img" title={t('seat.bot')} aria-label={t('seat.bot')}>
            <BotIcon size={13} />
          </span>
        ) : null}
      </span>
      {label ? (
        <span
          className={`seat-label seat-label-${seat.result ?? (roundStatus && isPlaying ? roundStatus : 'ready')}`}
          data-testid="seat-label"
        >
          {label}
        </span>
      ) : null}
      {isPartner ? (
        <span className="seat-label seat-label-partner" data-testid="seat-partner">
          {tRules('partner')}
        </span>
      ) : null}
      {seat.stand_in && isPlaying && seat.result === null ? (
        <span className="seat-label seat-label-stand-in" data-testid="seat-stand-in" title={t('standIn.seat_title')}>
          <BotIcon size={11} /> {t('standIn.seat')}
        </span>
      ) : isOffline ? (
        <span className="seat-label seat-label-offline" data-testid="seat-offline">
          {t('seat.offline')}
        </span>
      ) : null}
    </div>
  );
}

/** An opponent's hand as that many card backs, fanned small under the seat, each named as a card back. */
function SeatBacks({ count, url }: { count: number; url: string }) {
  const { t } = useTranslation('game');
  const back = t('card.back');
  return (
    <span
      className="seat-backs"
      role="group"
      aria-label={t('card.backs', { count })}
      data-testid="seat-backs"
      style={{ width: 14 + Math.max(0, count - 1) * 6 }}
    >
      {Array.from({ length: count }, (_, i) => (
        <span
          key={i}
          className="seat-back"
          role="img"
          aria-label={back}
          style={{ left: i * 6, backgroundImage: `url(${url})` }}
          data-testid="seat-back"
        />
      ))}
    </span>
  );
}

/** What is left of the seat's time bank: a thin bar under the avatar, lit while the bank runs. */
function TimeBank({ ms, isRunning }: { ms: number; isRunning: boolean }) {
  const { t } = useTranslation('game');
  const seconds = Math.ceil(ms / 1000);
  const label = isRunning ? `${t('seat.time_bank_running')}. ${t('seat.time_bank', { seconds })}` : t('seat.time_bank', { seconds });
  return (
    <span
      className={`seat-bank${isRunning ? ' seat-bank-running' : ''}`}
      role="img"
      aria-label={label}
      title={label}
      data-testid="seat-bank"
    >
      <span className="seat-bank-left" style={{ width: `${Math.min(100, (ms / BANK_SCALE_MS) * 100)}%` }} />
    </span>
  );
}

/** The bar's full width: the default bank (TIME_BANK_SECONDS = 30). */
const BANK_SCALE_MS = 30_000;

/** An empty seat (SPEC §2: 'свободно'); a tap takes it. */
export function EmptySeat({
  position,
  style,
  canSit,
  onSit,
}: {
  position: number;
  style?: CSSProperties;
  canSit: boolean;
  onSit: (position: number) => void;
}) {
  const { t } = useTranslation('game');
  return (
    <div className="seat seat-empty" style={style} data-testid="seat-empty" data-position={position}>
      <button
        type="button"
        className="seat-free"
        disabled={!canSit}
        onClick={() => onSit(position)}
        aria-label={canSit ? t('seat.take') : t('seat.free')}
      >
        +
      </button>
      <span className="seat-name">{t('seat.free')}</span>
    </div>
  );
}
