import { sortHand, teamOf, type Card, type GameState } from '@durak/engine';
import type { ReplaySeat } from '@durak/protocol';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../ui/avatar';
import { cutName } from '../../ui/format';
import { CardBack, CardFace } from '../cards/card-view';
import { cardKey, suitSymbol } from '../cards/sprite';
import { ShieldIcon, SwordIcon } from '../table/role-icons';
import { seatSpots } from '../table/seat-layout';
import { TeamBadge } from '../table/team-results';

/** Cards fanned to fit `width`: face up, or backs when the viewer may not see them. */
function Fan({ cards, cardWidth, width, isOpen }: { cards: readonly Card[]; cardWidth: number; width: number; isOpen: boolean }) {
  const step = cards.length <= 1 ? 0 : Math.min(cardWidth * 0.62, (width - cardWidth) / (cards.length - 1));
  return (
    <div className="replay-fan" style={{ width: cardWidth + step * Math.max(0, cards.length - 1), height: cardWidth * 1.5 }}>
      {cards.map((c, i) => (
        <span key={cardKey(c)} className="replay-fan-card" style={{ left: i * step }}>
          {isOpen ? <CardFace card={c} width={cardWidth} testId="replay-hand-card" /> : <CardBack width={cardWidth} />}
        </span>
      ))}
    </div>
  );
}

interface BoardProps {
  state: GameState;
  players: readonly ReplaySeat[];
  /** Whose view: that seat at the bottom with only its own cards open; null shows every hand. */
  viewer: string | null;
  width: number;
}

/** The table as it was after a step: seats around, the bout in the middle, the talon and trump, the discard. */
export function ReplayBoard({ state, players, viewer, width }: BoardProps) {
  const { t } = useTranslation('replay');
  const { t: tRules } = useTranslation('rules');
  const bottom = viewer === null ? 0 : Math.max(0, state.players.indexOf(viewer));
  const spots = seatSpots(state.players.length, bottom);
  const isWide = width >= 720;
  const cardWidth = isWide ? 74 : 52;
  const smallCard = isWide ? 40 : 26;
  const isTrumpShown = viewer === null || state.is_trump_revealed;
  const trumpSuit = isTrumpShown ? state.trump_card.suit : null;
  const seatOf = (seat: number) => {
    const id = state.players[seat]!;
    const person = players.find((p) => p.user_id === id);
    const name = person?.username ?? id;
    const result = state.results[seat] ?? null;
    const isOpen = viewer === null || viewer === id;
    return { id, name, person, result, isOpen, hand: sortHand(state.hands[seat] ?? [], trumpSuit) };
  };
  // Two against two (FEATURES.md §16): each seat's team, and from a player's view their partner.
  const isTeams = state.options.is_team_mode === true;
  const isPartner = (seat: number) => isTeams && viewer !== null && seat !== bottom && teamOf(seat) === teamOf(bottom);
  const label = (seat: number, name: string, result: string | null) => (
    <span className="replay-seat-label">
      {seat === state.attacker && state.phase !== 'finished' ? (
        <span className="replay-role" title={t('role.attacker')} aria-label={t('role.attacker')}>
          <SwordIcon />
        </span>
      ) : null}
      {seat === state.defender && state.phase !== 'finished' ? (
        <span className="replay-role" title={t('role.defender')} aria-label={t('role.defender')}>
          <ShieldIcon />
        </span>
      ) : null}
      <b>{cutName(name, 14, 12)}</b>
      {/* The partner's mark stands for their team (the viewer's, shown below): one line less on a crowded felt. */}
      {isPartner(seat) ? (
        <span className="replay-partner" data-testid="replay-partner">
          {tRules('partner')}
        </span>
      ) : isTeams ? (
        <TeamBadge position={seat} />
      ) : null}
      {result ? <small data-testid="replay-seat-result"> · {t(`result.${result}`)}</small> : null}
    </span>
  );
  const me = seatOf(bottom);
  return (
    <div className="replay-board" data-testid="replay-board">
      <div className="replay-felt">
        {[...spots.entries()].map(([seat, spot]) => {
          const s = seatOf(seat);
          return (
            <div
              key={s.id}
              className="replay-seat"
              style={{ left: `${spot.x}%`, top: `${spot.y}%` }}
              data-testid="replay-seat"
              data-player-id={s.id}
            >
              <Avatar url={s.person?.avatar} name={s.name} size={isWide ? 40 : 32} />
              {label(seat, s.name, s.result)}
              <span className="replay-seat-cards" aria-label={t('cards', { count: s.hand.length })}>
                {s.hand.length > 0 ? <Fan cards={s.hand} cardWidth={smallCard} width={isWide ? 220 : 110} isOpen={s.isOpen} /> : null}
                {s.isOpen ? null : <span className="replay-count replay-seat-count">{s.hand.length}</span>}
              </span>
            </div>
          );
        })}
        <div className="replay-piles">
          <div className="replay-talon" aria-label={t('talon', { count: state.talon.length })} data-testid="replay-talon">
            {state.talon.length > 0 && isTrumpShown ? (
              <CardFace card={state.trump_card} width={smallCard + 8} testId="replay-trump" />
            ) : null}
            {state.talon.length > 1 ? <CardBack width={smallCard + 8} className="replay-talon-back" /> : null}
            <span className="replay-count">{state.talon.length}</span>
            {trumpSuit ? <span className={`replay-trump-suit replay-suit-${trumpSuit}`}>{suitSymbol(trumpSuit)}</span> : null}
          </div>
          <div className="replay-discard" aria-label={t('discard', { count: state.discard.length })}>
            {state.discard.length > 0 ? <CardBack width={smallCard + 8} /> : null}
            <span className="replay-count" data-testid="replay-discard-count">
              {state.discard.length}
            </span>
          </div>
        </div>
        <ol className="replay-slots" data-testid="replay-slots" aria-label={t('bout')}>
          {state.slots.map((slot) => (
            <li key={slot.slot_id} className="replay-slot" style={{ width: cardWidth * 1.3, height: cardWidth * 1.8 }}>
              <CardFace card={slot.attack_card} width={cardWidth} testId="replay-table-card" />
              {slot.defense_card ? (
                <CardFace card={slot.defense_card} width={cardWidth} className="replay-defence" testId="replay-table-card" />
              ) : null}
            </li>
          ))}
        </ol>
      </div>
      <div className="replay-bottom" data-testid="replay-bottom" data-player-id={me.id}>
        <div className="replay-bottom-who">
          <Avatar url={me.person?.avatar} name={me.name} size={isWide ? 40 : 32} />
          {label(bottom, me.name, me.result)}
        </div>
        <Fan cards={me.hand} cardWidth={cardWidth} width={Math.min(width - 24, 560)} isOpen />
      </div>
    </div>
  );
}
