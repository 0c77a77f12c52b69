import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { usePersonalChannel } from '../../net/personal-channel';
import { useUserId } from '../../net/user-query';
import { tournamentApi } from '../tournament/tournament-api';
import { useNow } from '../tournament/use-now';
import { isHandled, markHandled } from './handled-seats';
import '../../ui/toast.css';
import { tablePath } from '../../routes/paths';

/** How long the toast waits before it takes the player to their table (FEATURES.md §10). */
export const SEAT_COUNTDOWN_MS = 5000;

interface Seat {
  roomId: number;
  round: number;
  deadline: number;
}

/**
 * Whether a seat at `roomId` is to be offered on this page: on every screen of a signed-in player
 * (FEATURES.md §17: the lobby, the store, another table and a finished game's results too, where
 * the computer used to play the round for a player who had the site open), but not at that table.
 */
export function isAwayFrom(pathname: string, roomId?: number): boolean {
  if (pathname.startsWith('/auth')) return false;
  return roomId === undefined || pathname !== tablePath(roomId);
}

/**
 * Takes a tournament player to their table when a round seats them: a toast naming the table
 * with a 5 s countdown and "go now". The seat arrives on the personal channel whatever page is
 * open; a player who had no page open is told on their next load (the server names a running
 * seat). A seat the player already went to, or stayed away from, is not offered
 * again on this device.
 */
export function TournamentSeatToast() {
  const { t, ready } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const userId = useUserId();
  const [seat, setSeat] = useState<Seat | null>(null);
  const isWaiting = isAwayFrom(pathname);

  const offer = useCallback((roomId: number, round: number) => {
    if (isHandled(roomId)) return;
    setSeat({ roomId, round, deadline: Date.now() + SEAT_COUNTDOWN_MS });
  }, []);

  // Once per load and signed-in player: a seat the realtime missed.
  const [hasAsked, setAsked] = useState(false);
  useEffect(() => {
    if (userId === undefined || !isWaiting || hasAsked) return;
    setAsked(true);
    tournamentApi.seat().then(
      ({ seat: running }) => running && isAwayFrom(location.pathname, running.room_id) && offer(running.room_id, running.round),
      () => undefined,
    );
  }, [userId, isWaiting, hasAsked, offer]);

  usePersonalChannel((message) => {
    if (message.type === 'tournament_seated' && isAwayFrom(location.pathname, message.room_id)) offer(message.room_id, message.round);
  });

  const go = useCallback(
    (roomId: number) => {
      markHandled(roomId);
      setSeat(null);
      void navigate(tablePath(roomId));
    },
    [navigate],
  );
  const now = useNow(seat !== null);
  const left = seat ? Math.max(0, Math.ceil((seat.deadline - now) / 1000)) : 0;
  useEffect(() => {
    if (!seat) return;
    const timer = setTimeout(() => go(seat.roomId), Math.max(0, seat.deadline - Date.now()));
    return () => clearTimeout(timer);
  }, [seat, go]);

  // Arrived at that table some other way (or signed out): nothing left to offer.
  useEffect(() => {
    if (seat && !isAwayFrom(pathname, seat.roomId)) setSeat(null);
  }, [pathname, seat]);

  if (!seat || !ready) return null;
  return (
    <div className="toast" role="alertdialog" aria-live="assertive" aria-label={t('first_taps.seat.title')} data-testid="seat-toast">
      <p>
        <strong>{t('first_taps.seat.title')}</strong>
      </p>
      <p data-testid="seat-toast-text">{t('first_taps.seat.text', { round: seat.round, table: seat.roomId, seconds: left })}</p>
      <div className="toast-actions">
        <button
          type="button"
          className="btn btn-ghost"
          onClick={() => {
            markHandled(seat.roomId);
            setSeat(null);
          }}
          data-testid="seat-toast-stay"
        >
          {t('first_taps.seat.stay')}
        </button>
        <button type="button" className="btn btn-gold" onClick={() => go(seat.roomId)} data-testid="seat-toast-go">
          {t('first_taps.seat.go')}
        </button>
      </div>
    </div>
  );
}
