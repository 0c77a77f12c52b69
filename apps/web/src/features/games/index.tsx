import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { toApiFailure } from '../../net/api-error';
import { useUser } from '../../net/user-query';
import { formatChips } from '../../ui/format';
import { Spinner } from '../../ui/spinner';
import { CreateRoomDialog } from './create-room-dialog';
import { FilterDialog } from './filter-dialog';
import { countChangedFilters } from './filter-count';
import { useFilterStore } from './filter-store';
import { JoinDialog } from './join-dialog';
import { PracticeButton } from './practice-button';
import { OnlineCount } from '../friends/online-count';
import { RoomCard } from './room-card';
import type { RoomPayload } from '@durak/protocol';
import { roomsApi } from './rooms-api';
import { useLobby } from './use-lobby';
import './lobby.css';
import { tablePath } from '../../routes/paths';

/** /games: the room list with filters, live updates, room creation and joining. */
export default function LobbyPage() {
  const { t } = useTranslation('game');
  const navigate = useNavigate();
  const user = useUser();
  const filter = useFilterStore((s) => s.filter);
  const { rooms, query } = useLobby();
  const [dialog, setDialog] = useState<'filter' | 'create' | null>(null);
  const [privateRoom, setPrivateRoom] = useState<RoomPayload | null>(null);
  // With every wallet shown, the header shows the Bonus wallet, the one every player has chips in.
  const shownWallet = filter.balance_type || 'BONUS_BALANCE';
  const wallet = user?.wallets.find((w) => w.wallet_type === shownWallet);
  // "Tables waiting" counts the rooms this filter shows, not every room of the server (§17).
  const waiting = rooms.filter((r) => r.status === 'pending').length;
  const changed = countChangedFilters(filter);

  const join = useMutation({
    mutationFn: async ({ room, password }: { room: RoomPayload; password?: string }) => {
      try {
        await roomsApi.seat(String(room.id), password === undefined ? {} : { password });
      } catch (error) {
        // Already at that table (another tab, or a seat kept from before): just go there.
        if (toApiFailure(error).code !== 'room/already_seated') throw error;
      }
      return String(room.id);
    },
    onSuccess: (id) => navigate(tablePath(id)),
  });
  const joinFailure = join.error ? toApiFailure(join.error) : null;

  function open(room: RoomPayload) {
    const isMine = room.seats.some((s) => String(s.player_id) === String(user?.id));
    const canSit = !isMine && room.status !== 'in_progress' && room.seats_taken < room.player_count;
    if (!canSit) {
      void navigate(tablePath(room.id));
      return;
    }
    if (room.is_private) {
      join.reset();
      setPrivateRoom(room);
      return;
    }
    join.mutate({ room });
  }

  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasNextPage || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  return (
    <div className="lobby">
      <header className="lobby-header">
        <Link to="/" className="icon-btn" aria-label={t('back')} data-testid="lobby-back">
          ‹
        </Link>
        <h1>{t('lobby.title')}</h1>
        <span className="lobby-wallet" data-testid="lobby-balance" title={t(`wallet.${shownWallet}`)}>
          <span className={`room-coin room-coin-${shownWallet.toLowerCase()}`} aria-hidden="true" />
          {/* The wallet is named in words, not only by the coin's colour (FEATURES §6). */}
          <span className="lobby-wallet-name">{t(`wallet.${shownWallet}`)}</span> {formatChips(wallet?.balance ?? '0')}
        </span>
      </header>
      <OnlineCount className="lobby-online" waiting={query.isSuccess ? waiting : undefined} />
      <div className="lobby-tools">
        <button type="button" className="btn btn-ghost" onClick={() => setDialog('filter')} data-testid="open-filter">
          <span aria-hidden="true">⚙</span> {t('filter.title')}
          {changed > 0 ? <span className="filter-count">{changed}</span> : null}
        </button>
        <button type="button" className="btn btn-gold" onClick={() => setDialog('create')} data-testid="open-create">
          + {t('create.title')}
        </button>
      </div>
      <PracticeButton className="btn btn-ghost btn-block lobby-practice" />
      {joinFailure && !privateRoom ? (
        <p className="form-error lobby-error" role="alert" data-testid="join-failure">
          {t(`error.${joinFailure.code}`, { defaultValue: joinFailure.message })}
        </p>
      ) : null}
      {query.isPending ? <Spinner label={t('loading')} /> : null}
      {query.isError ? (
        <div className="lobby-empty" role="alert">
          <p>{t('lobby.load_failed')}</p>
          <button type="button" className="btn btn-ghost" onClick={() => void query.refetch()}>
            {t('retry')}
          </button>
        </div>
      ) : null}
      {query.isSuccess && rooms.length === 0 ? (
        <div className="lobby-empty" data-testid="lobby-empty">
          <img src="/start-cards.svg" alt="" width={120} />
          <p>{t('lobby.empty')}</p>
          <button type="button" className="btn btn-gold" onClick={() => setDialog('create')}>
            {t('create.title')}
          </button>
        </div>
      ) : null}
      <ul className="room-list" data-testid="room-list">
        {rooms.map((room) => (
          <RoomCard key={String(room.id)} room={room} onOpen={open} />
        ))}
      </ul>
      <div ref={sentinel} />
      {hasNextPage ? (
        <button
          type="button"
          className="btn btn-ghost btn-block"
          disabled={isFetchingNextPage}
          onClick={() => void fetchNextPage()}
          data-testid="lobby-more"
        >
          {t('lobby.more')}
        </button>
      ) : null}
      <FilterDialog isOpen={dialog === 'filter'} onClose={() => setDialog(null)} />
      {dialog === 'create' ? <CreateRoomDialog isOpen onClose={() => setDialog(null)} /> : null}
      <JoinDialog
        isOpen={privateRoom !== null}
        isPending={join.isPending}
        error={joinFailure ? t(`error.${joinFailure.code}`, { defaultValue: joinFailure.message }) : null}
        onClose={() => setPrivateRoom(null)}
        onJoin={(password) => privateRoom && join.mutate({ room: privateRoom, password })}
      />
    </div>
  );
}
