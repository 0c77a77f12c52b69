import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../ui/modal';
import { Spinner } from '../../ui/spinner';
import { EmojiIcon } from './emoji-icon';
import type { Emoji } from '@durak/protocol';
import { emojiApi } from './table-api';
import { queryKeys } from '../../net/query-keys';

/** SPEC §5: throwable emoji only at another player, non-throwable only at oneself. */
export function emojiFor(all: readonly Emoji[], isOwnSeat: boolean): Emoji[] {
  return all.filter((e) => e.is_throwable !== isOwnSeat);
}

/** The per-seat picker titled 'Выберите эмодзи'. */
/** `children`: more of the seat's menu below the emoji ("add friend"). */
export function EmojiPicker({
  target,
  isOwnSeat,
  onPick,
  onClose,
  children,
}: {
  target: string | null;
  isOwnSeat: boolean;
  onPick: (emoji: Emoji) => void;
  onClose: () => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation('game');
  const { data, isPending, isError } = useQuery({
    queryKey: queryKeys.emoji,
    queryFn: emojiApi.list,
    staleTime: Infinity,
    enabled: target !== null,
  });
  const shown = emojiFor(data ?? [], isOwnSeat);
  return (
    <Modal isOpen={target !== null} onClose={onClose} title={t('emoji.title')} closeLabel={t('close')}>
      <p className="emoji-hint">{isOwnSeat ? t('emoji.own') : t('emoji.throw', { name: target ?? '' })}</p>
      {isPending ? <Spinner /> : null}
      {isError ? <p className="form-error">{t('emoji.failed')}</p> : null}
      <div className="emoji-grid" data-testid="emoji-picker">
        {shown.map((emoji) => {
          const label = t(`emoji.name.${emoji.name}`, { defaultValue: emoji.name });
          return (
            <button key={emoji.id} type="button" className="emoji-btn" onClick={() => onPick(emoji)} aria-label={label}>
              <EmojiIcon name={emoji.name} alt={label} className="emoji-pic" />
            </button>
          );
        })}
      </div>
      {children}
    </Modal>
  );
}
