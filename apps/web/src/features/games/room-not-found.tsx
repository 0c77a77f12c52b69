import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toApiFailure } from '../../net/api-error';

/**
 * The room asked for does not exist (FEATURES §6): the server answers `room/not_found` (404), or
 * refuses an id that cannot be a room's at all (400 on the `id` parameter).
 */
export function isRoomMissing(error: unknown): boolean {
  if (!error) return false;
  const { code, field } = toApiFailure(error);
  return code === 'room/not_found' || (code === 'request/invalid' && field === 'id');
}

/** /durak/{id} of a room that does not exist: says so, with the way back to the lobby. */
export function RoomNotFound() {
  const { t } = useTranslation('game');
  return (
    <main className="lobby-empty room-not-found" data-testid="room-not-found">
      <h1>{t('lobby.not_found')}</h1>
      <p>{t('lobby.not_found_text')}</p>
      <Link className="btn btn-gold" to="/games">
        {t('lobby.to_lobby')}
      </Link>
    </main>
  );
}
