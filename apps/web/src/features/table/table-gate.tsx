import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toApiFailure } from '../../net/api-error';
import { Spinner } from '../../ui/spinner';
import { JoinDialog } from '../games/join-dialog';
import { isRoomMissing, RoomNotFound } from '../games/room-not-found';
import { isPasswordQuestion, type useTable } from './use-table';

/**
 * What /durak/{id} shows until the room's table is read: the room is gone, it asks for its
 * password (a private room the caller has no seat in), it is loading, or its read failed.
 */
export function TableGate({ table }: { table: ReturnType<typeof useTable> }) {
  const { t } = useTranslation('game');
  const navigate = useNavigate();
  const [isCheckingPassword, setCheckingPassword] = useState(false);

  if (isRoomMissing(table.error)) return <RoomNotFound />;
  if (isPasswordQuestion(table.error)) {
    const refused = toApiFailure(table.error);
    return (
      <div className="table-page table-loading" data-testid="table-password">
        <JoinDialog
          isOpen
          isPending={isCheckingPassword}
          submitLabel={t('lobby.watch')}
          error={refused.code === 'room/wrong_password' ? t(`error.${refused.code}`, { defaultValue: refused.message }) : null}
          onClose={() => void navigate('/games')}
          onJoin={(password) => {
            setCheckingPassword(true);
            void table.watchWithPassword(password).finally(() => setCheckingPassword(false));
          }}
        />
      </div>
    );
  }
  return (
    <div className="table-page table-loading">
      {table.error ? (
        <div className="lobby-empty" role="alert">
          <p>{t('table.load_failed')}</p>
          <button type="button" className="btn btn-ghost" onClick={() => void table.readAll()}>
            {t('retry')}
          </button>
        </div>
      ) : (
        <Spinner isPage label={t('loading')} />
      )}
    </div>
  );
}
