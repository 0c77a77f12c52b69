import type { Emoji, WatchState } from '@durak/protocol';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { tablePath } from '../../routes/paths';
import { JoinDialog } from '../games/join-dialog';
import { AddFriendButton } from '../friends/table-friends';
import { ConfirmDialog } from './confirm-dialog';
import { confirmText } from './confirm-text';
import { EmojiPicker } from './emoji-picker';
import { playAgain } from './play-again';
import { ResultsDialog } from './results-dialog';
import type { TableState } from './table-reducer';
import type { useActions } from './use-actions';

/** The question the table asks before a move that costs the stake. */
export type LeaveQuestion = 'leave' | 'surrender' | null;

/**
 * The dialogs over the table: the emoji picker of the tapped seat (with "add friend"), leaving or
 * surrendering for a stake, a private room's password for a seat, and the results with the rematch.
 * The page opens them; what each one does when confirmed lives here.
 */
export function TableDialogs({
  roomId,
  watch,
  me,
  actions,
  emojiTarget,
  onEmojiClose,
  question,
  onQuestionClose,
  seatToTake,
  onSeatClose,
  isResultsOpen,
  onResultsClose,
  seatLost,
  rematchRoomId,
}: {
  roomId: string;
  watch: WatchState;
  me: string;
  actions: ReturnType<typeof useActions>;
  emojiTarget: { id: string; name: string } | null;
  onEmojiClose: () => void;
  question: LeaveQuestion;
  onQuestionClose: () => void;
  seatToTake: number | null;
  onSeatClose: () => void;
  isResultsOpen: boolean;
  onResultsClose: () => void;
  seatLost: TableState['seatLost'];
  rematchRoomId: TableState['rematchRoomId'];
}) {
  const { t } = useTranslation('game');
  const navigate = useNavigate();
  const [rematchState, setRematchState] = useState<'idle' | 'pending' | 'failed'>('idle');
  const room = watch.room;

  function sendEmoji(emoji: Emoji) {
    const target = emojiTarget;
    onEmojiClose();
    if (target) void actions.sendEmoji({ player_id: target.id, username: target.name }, emoji.id);
  }

  function rematch() {
    setRematchState('pending');
    playAgain(roomId, room).then(
      (nextRoomId) => {
        setRematchState('idle');
        void navigate(tablePath(nextRoomId));
      },
      () => setRematchState('failed'),
    );
  }

  return (
    <>
      <EmojiPicker target={emojiTarget?.name ?? null} isOwnSeat={emojiTarget?.id === me} onPick={sendEmoji} onClose={onEmojiClose}>
        {emojiTarget && emojiTarget.id !== me && !watch.seats[emojiTarget.id]?.is_bot ? (
          <AddFriendButton key={emojiTarget.id} userId={Number(emojiTarget.id)} />
        ) : null}
      </EmojiPicker>
      <ConfirmDialog
        isOpen={question !== null}
        text={confirmText(question, Number(room.bet_amount), room, t)}
        confirmLabel={question === 'surrender' ? t('action.surrender') : t('action.leave')}
        onClose={onQuestionClose}
        onConfirm={() => {
          const which = question;
          onQuestionClose();
          if (which === 'surrender') void actions.surrender();
          else void actions.leave().then((ok) => ok && navigate('/games'));
        }}
      />
      <JoinDialog
        isOpen={seatToTake !== null}
        isPending={actions.pending === 'seat'}
        error={
          actions.failure && seatToTake !== null ? t(`error.${actions.failure.code}`, { defaultValue: actions.failure.message }) : null
        }
        onClose={onSeatClose}
        onJoin={(password) => void actions.sit(seatToTake ?? undefined, password).then((ok) => ok && onSeatClose())}
      />
      {watch.status === 'FINISHED' ? (
        <ResultsDialog
          watch={watch}
          me={me}
          closedReason={seatLost}
          isOpen={isResultsOpen}
          onClose={onResultsClose}
          rematch={{
            isOffered: rematchRoomId !== null,
            isPending: rematchState === 'pending',
            failed: rematchState === 'failed',
            onRematch: rematch,
          }}
        />
      ) : null}
    </>
  );
}
