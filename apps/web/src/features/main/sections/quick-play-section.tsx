import { useMutation } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useUserId } from '../../../net/user-query';
import { useFilterStore } from '../../games/filter-store';
import { quickSeat } from './quick-play';
import { tablePath } from '../../../routes/paths';

// The dialog and its form rules load only when no room matched, keeping them off the home page's first load.
const CreateRoomDialog = lazy(() => import('../../games/create-room-dialog').then((m) => ({ default: m.CreateRoomDialog })));

/** Quick play: a seat at a waiting room matching the saved lobby filter, else the create dialog. */
export function QuickPlaySection() {
  const { t } = useTranslation('player');
  const navigate = useNavigate();
  const userId = useUserId();
  const [isCreating, setCreating] = useState(false);
  const play = useMutation({
    mutationFn: () => quickSeat(useFilterStore.getState().filter, userId ?? 0),
    onSuccess: (roomId) => {
      if (roomId) void navigate(tablePath(roomId));
      else setCreating(true);
    },
  });
  return (
    <section className="home-quick" aria-label={t('home.quick_play')}>
      <button type="button" className="home-play" disabled={play.isPending} onClick={() => play.mutate()} data-testid="quick-play">
        <span className="home-play-cards" aria-hidden="true">
          <img src="/start-cards.svg" alt="" width={150} height={105} />
        </span>
        <span className="home-play-text">
          <strong>{t('home.quick_play')}</strong>
          <small>{play.isPending ? t('home.quick_play_searching') : t('home.quick_play_hint')}</small>
        </span>
      </button>
      {play.isError ? (
        <p className="form-error" role="alert" data-testid="quick-play-error">
          {t('home.quick_play_failed')}
        </p>
      ) : null}
      {play.isSuccess && play.data === null && !isCreating ? <p className="home-note">{t('home.quick_play_none')}</p> : null}
      <Link to="/games" className="btn btn-ghost btn-block" data-testid="to-lobby">
        {t('home.all_rooms')}
      </Link>
      {isCreating ? (
        <>
          <p className="home-note" role="status" data-testid="quick-play-none">
            {t('home.quick_play_none')}
          </p>
          <Suspense fallback={null}>
            <CreateRoomDialog isOpen onClose={() => setCreating(false)} />
          </Suspense>
        </>
      ) : null}
    </section>
  );
}
