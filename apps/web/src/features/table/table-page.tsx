import { legalActions, sortHand, type Card } from '@durak/engine';
import type { RoomMessage, WatchState } from '@durak/protocol';
import { useEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { feltStyle, useActiveFelt } from '../cards/active-assets';
import { TrumpSuitContext } from '../cards/card-name';
import { useCardBackUrl } from '../cards/card-view';
import { cardKey } from '../cards/sprite';
import { ActionBar } from './action-bar';
import { refusalText } from './card-reason';
import { DiscardView, TalonView } from './deck-view';
import { InviteFriendsButton } from '../friends/table-friends';
import { cueFor } from './feedback';
import { flyFor, rectOf, seatSelector } from './flights';
import { HandView } from './hand-view';
import { intentOf, movesOf, NO_MOVES, refusalOf } from './play-logic';
import { ReadyCountdown } from './ready-countdown';
import { seatSpots } from './seat-layout';
import { EmptySeat, SeatView } from './seat-view';
import { StandInBanner } from './stand-in-banner';
import { TableDialogs, type LeaveQuestion } from './table-dialogs';
import { TableGate } from './table-gate';
import { TableSlots } from './table-slots';
import { TopBar } from './top-bar';
import { tableApi } from './table-api';
import { useActions } from './use-actions';
import { useFeatureFlag } from '../../net/flags';
import { TableChat } from './chat/table-chat';
import { useTableChat } from './chat/use-table-chat';
import { useEmojiBubbles } from './use-emoji-bubbles';
import { playCue, useTurnCues } from './use-table-cues';
import { useTable } from './use-table';
import { cardSizes, handWidth, seatScale, useViewport } from './use-viewport';
import '../games/lobby.css';
import './table.css';

/** /durak/{id}: the table. */
export function TablePage({ roomId }: { roomId: string }) {
  const { t } = useTranslation('game');
  const navigate = useNavigate();
  const { width, height } = useViewport();
  const sizes = cardSizes(width, height);
  const backUrl = useCardBackUrl();
  const felt = useActiveFelt();
  const emoji = useEmojiBubbles();
  // The table (below) knows a private room's password once given; the chat's reads need it too.
  const passwordOf = useRef<() => string | undefined>(() => undefined);
  const chat = useTableChat(roomId, () => passwordOf.current());
  // SPEC §9: the installation may switch the table chat off (FEATURE_FLAGS table_chat=off).
  const isChatOn = useFeatureFlag('table_chat');
  const counter = useRef(0);
  const meRef = useRef('');

  // Sounds, buzzes, flights and emoji follow the room's stream.
  function onEvent(event: RoomMessage, before: WatchState) {
    counter.current += 1;
    playCue(cueFor(event, meRef.current, counter.current));
    flyFor(event, before, meRef.current, backUrl);
    if (event.type === 'emoji') emoji.show(event);
    if (event.type === 'chat') chat.receive(event);
  }

  const table = useTable(roomId, onEvent);
  passwordOf.current = table.roomPassword;
  const { watch, view, hand, me, readAll } = table;
  meRef.current = me;
  // Moves name the seq of the table on screen, so one made against an old table is refused.
  const renderedSeq = useRef<number | undefined>(undefined);
  renderedSeq.current = watch?.seq;
  const actions = useActions(roomId, table.playCard, readAll, () => renderedSeq.current);
  const [picked, setPicked] = useState<string | null>(null);
  const [emojiTarget, setEmojiTarget] = useState<{ id: string; name: string } | null>(null);
  const [confirm, setConfirm] = useState<LeaveQuestion>(null);
  const [isResultsOpen, setResultsOpen] = useState(true);
  const [seatToTake, setSeatToTake] = useState<number | null>(null);
  // Why the card just tapped cannot be played, said in a live region (FEATURES.md §6).
  const [refusal, setRefusal] = useState('');

  const isPlaying = watch?.status === 'in_progress';
  const mySeat = watch?.seats[me];
  const isSpectator = !mySeat;
  // Nothing is offered while a call is on its way or the view lags the table: a second tap
  // would act on a position that is already gone.
  const moves = useMemo(() => {
    if (!watch || !view || !isPlaying || view.seq < watch.seq || actions.pending) return NO_MOVES;
    return movesOf(legalActions(view, me));
  }, [watch, view, isPlaying, me, actions.pending]);
  const trumpSuit = watch?.trump_card?.suit ?? view?.trump_suit ?? null;
  const sortedHand = useMemo(() => sortHand(hand, trumpSuit), [hand, trumpSuit]);
  const isMyMove = moves.actions.some((a) => a.type !== 'surrender' && a.type !== 'catch');

  useTurnCues(isMyMove, watch?.status, mySeat?.result, () => setResultsOpen(true));
  useEffect(() => {
    setPicked(null);
    setRefusal('');
  }, [watch?.seq]);

  if (!watch) return <TableGate table={table} />;

  const seats = Object.values(watch.seats);
  const room = watch.room;
  const playerCount = room.player_count;
  const bottom = mySeat?.position ?? 0;
  const spots = seatSpots(playerCount, bottom);
  const byPosition = new Map(seats.map((s) => [s.position, s]));
  // The caller sits at the bottom; a spectator sees position 0 there.
  const bottomSeat = mySeat ?? byPosition.get(bottom);
  const attacker = watch.turn?.current_attacker_user_id ?? null;
  const defender = watch.turn?.current_defender_user_id ?? null;
  const timerOf = (id: string) => watch.timers.find((x) => String(x.timer_response.player_id) === id);
  const canSit = isSpectator && (watch.status === 'pending' || watch.status === 'ready');
  const isCheating = room.is_cheating_allowed;
  const pickedCard = picked ? (sortedHand.find((c) => cardKey(c) === picked) ?? null) : null;
  const pickedIntent = pickedCard ? intentOf(moves, pickedCard) : null;
  const targets = new Set(pickedIntent?.kind === 'choose' ? pickedIntent.slots : []);
  const isTaking = defender !== null && watch.round.player_status[defender] === 'take';
  const bet = Number(room.bet_amount);

  function sit(position: number) {
    if (room.is_private) setSeatToTake(position);
    else void actions.sit(position);
  }

  function tapCard(card: Card) {
    const intent = intentOf(moves, card);
    if (intent.kind === 'attack') void actions.attack(card);
    else if (intent.kind === 'defence') void actions.defend(intent.slot_id, card);
    else if (intent.kind === 'transfer') void actions.transfer(card);
    else if (intent.kind === 'choose') setPicked(picked === cardKey(card) ? null : cardKey(card));
    else if (isCheating && isPlaying && !isSpectator) cheat(card, null);
    else if (view && isPlaying && !actions.pending) setRefusal(refusalText(t, refusalOf(view, me, moves), trumpSuit));
  }

  // Cheating rooms: the server accepts an illegal card; it may then be caught.
  function cheat(card: Card, slotId: number | null) {
    if (me === defender) {
      const open = slotId ?? watch!.round.slots.find((s) => !s.defense_card)?.slot_id;
      if (open !== undefined) void actions.defend(open, card);
    } else void actions.attack(card);
  }

  function dropCard(card: Card, slotId: number | null) {
    const intent = intentOf(moves, card);
    if (slotId !== null && moves.actions.some((a) => a.type === 'defence' && a.slot_id === slotId && cardKey(a.card) === cardKey(card)))
      void actions.defend(slotId, card);
    else if (slotId === null && (intent.kind === 'attack' || intent.kind === 'transfer')) tapCard(card);
    else if (slotId === null && intent.kind === 'choose' && intent.canTransfer) void actions.transfer(card);
    else if (isCheating) cheat(card, slotId);
  }

  function tapSlot(slotId: number) {
    if (pickedCard && targets.has(slotId)) void actions.defend(slotId, pickedCard);
    else if (moves.catchable.has(slotId)) void actions.catchCard(slotId);
  }

  function leave() {
    if (isPlaying && !isSpectator && bet > 0) setConfirm('leave');
    else if (isSpectator || watch!.status === 'FINISHED') void navigate('/games');
    else void actions.leave().then((ok) => ok && navigate('/games'));
  }

  const sourceOf = (playerId: string) => rectOf(seatSelector(playerId, me));
  const seatProps = (id: string) => ({
    isAttacker: isPlaying && attacker === id,
    isDefender: isPlaying && defender === id,
    isPlaying,
    roundStatus: watch.round.player_status[id],
    timer: timerOf(id),
    emoji: emoji.bubbles[id] || null,
  });

  return (
    <TrumpSuitContext.Provider value={trumpSuit}>
      <div
        className="table-page"
        style={{ ...feltStyle(felt), '--seat-scale': seatScale(width, height) } as CSSProperties}
        data-testid="table-page"
        data-status={watch.status}
        data-seq={watch.seq}
        data-felt={felt ?? undefined}
      >
        <TopBar room={room} canSurrender={moves.canSurrender} onLeave={leave} onSurrender={() => setConfirm('surrender')} />
        {!isSpectator && isPlaying && mySeat.result === null ? (
          <StandInBanner
            isPlayingForMe={mySeat.stand_in}
            wasPlayedFor={table.wasPlayedFor}
            onBack={async () => {
              await tableApi.autoplay(roomId, false);
              table.dismissPlayedFor();
            }}
            onDismiss={table.dismissPlayedFor}
          />
        ) : null}
        <main className="felt" data-drop="table">
          {/* The page's heading for screen readers; the felt itself shows the table. */}
          <h1 className="visually-hidden">{t('table.heading', { id: room.id })}</h1>
          <div className="felt-oval" aria-hidden="true" />
          <p className="felt-mark" aria-hidden="true">
            ♠♥♣♦
          </p>
          {[...spots.entries()].map(([position, spot]) => {
            const seat = byPosition.get(position);
            const style = { left: `${spot.x}%`, top: `${spot.y}%` };
            if (!seat) return <EmptySeat key={position} position={position} style={style} canSit={canSit} onSit={sit} />;
            const id = String(seat.player.player_id);
            return (
              <SeatView
                key={position}
                seat={seat}
                isMe={false}
                isPartner={!isSpectator && room.is_team_mode === true && (position - bottom) % 2 === 0}
                style={style}
                {...seatProps(id)}
                backUrl={backUrl}
                onTap={() => setEmojiTarget({ id, name: seat.player.username })}
              />
            );
          })}
          <div className={`felt-centre${playerCount >= 4 ? ' felt-centre-narrow' : ''}`}>
            <TableSlots
              slots={watch.round.slots}
              cardWidth={sizes.table}
              sourceOf={sourceOf}
              targets={targets}
              catchable={moves.catchable}
              onSlot={tapSlot}
            />
            {!isPlaying && watch.status !== 'FINISHED' ? (
              <p className="felt-note" data-testid="waiting-note">
                {seats.length < playerCount
                  ? t('table.waiting_players', { count: seats.length, total: playerCount })
                  : t('table.waiting_ready')}
              </p>
            ) : null}
            {!isPlaying && watch.status !== 'FINISHED' ? <ReadyCountdown watch={watch} /> : null}
            {!isPlaying && watch.status !== 'FINISHED' && !isSpectator && seats.length < playerCount && room.bot_level === null ? (
              <InviteFriendsButton roomId={Number(room.id)} />
            ) : null}
          </div>
          <p className="table-reason" role="status" data-testid="card-reason">
            {refusal}
          </p>
          {isPlaying || watch.status === 'FINISHED' ? (
            <>
              <TalonView trump={watch.trump_card} talonCount={watch.talon_count} isSecret={room.secret_trump_mode} cardWidth={sizes.pile} />
              <DiscardView count={watch.discard_count} cardWidth={sizes.pile} />
            </>
          ) : null}
        </main>
        <section className="me-bar">
          {bottomSeat ? (
            <SeatView
              seat={bottomSeat}
              isMe={!isSpectator}
              {...seatProps(String(bottomSeat.player.player_id))}
              onTap={() => setEmojiTarget({ id: String(bottomSeat.player.player_id), name: bottomSeat.player.username })}
            />
          ) : (
            <EmptySeat position={bottom} canSit={canSit} onSit={sit} />
          )}
          {isSpectator ? (
            <p className="spectator-note" data-testid="spectator-note">
              {t('table.spectator')}
            </p>
          ) : null}
          {isChatOn ? (
            <TableChat
              roomId={roomId}
              me={me}
              canWrite={!isSpectator}
              players={seats.map((s) => ({ user_id: Number(s.player.player_id), username: s.player.username }))}
              chat={chat}
            />
          ) : null}
          <ActionBar
            moves={moves}
            isTaking={isTaking}
            pending={actions.pending}
            pickedTransfer={
              pickedIntent?.kind === 'choose' && pickedIntent.canTransfer && pickedCard ? () => void actions.transfer(pickedCard) : null
            }
            canReady={!isSpectator && !mySeat.is_ready && (watch.status === 'pending' || watch.status === 'ready')}
            canSit={canSit && seats.length < playerCount}
            onSit={() => sit([...Array(playerCount).keys()].find((p) => !byPosition.has(p)) ?? 0)}
            onReady={() => void actions.ready()}
            onBeat={() => void actions.beat()}
            onTake={() => void actions.take()}
            onResults={watch.status === 'FINISHED' ? () => setResultsOpen(true) : null}
          />
        </section>
        <footer className="me-area">
          {mySeat && (isPlaying || sortedHand.length > 0) ? (
            <HandView
              cards={sortedHand}
              width={handWidth(width)}
              cardWidth={sizes.hand}
              playable={moves.playable}
              picked={picked}
              isMyMove={isMyMove}
              isAnyCardAllowed={isCheating && isPlaying}
              onTap={tapCard}
              onDrop={dropCard}
            />
          ) : null}
        </footer>
        {actions.failure ? (
          <button type="button" className="table-toast" role="alert" onClick={actions.clearFailure} data-testid="action-failure">
            {t(`error.${actions.failure.code}`, { defaultValue: actions.failure.message })}
          </button>
        ) : null}
        <TableDialogs
          roomId={roomId}
          watch={watch}
          me={me}
          actions={actions}
          emojiTarget={emojiTarget}
          onEmojiClose={() => setEmojiTarget(null)}
          question={confirm}
          onQuestionClose={() => setConfirm(null)}
          seatToTake={seatToTake}
          onSeatClose={() => setSeatToTake(null)}
          isResultsOpen={isResultsOpen}
          onResultsClose={() => setResultsOpen(false)}
          seatLost={table.seatLost}
          rematchRoomId={table.rematchRoomId}
        />
      </div>
    </TrumpSuitContext.Provider>
  );
}
