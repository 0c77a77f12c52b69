import type { PlayerGame } from '@durak/protocol';
import type { Card, Suit } from '@durak/engine';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../ui/modal';
import { QueryState } from '../../ui/query-state';
import { careerApi } from './career-api';
import { checkShuffle, type ShuffleCheck } from './verify-record';
import { queryKeys } from '../../net/query-keys';

const SUIT_GLYPH: Record<Suit, string> = { clubs: '♣', diamonds: '♦', hearts: '♥', spades: '♠' };
const cardText = (card: Card) => `${card.rank}${SUIT_GLYPH[card.suit]}`;

/** A finished game's record: the hash published at the deal, the revealed seed, and the re-deal check. */
export function RecordDialog({ game, onClose }: { game: PlayerGame; onClose: () => void }) {
  const { t } = useTranslation('player');
  const query = useQuery({ queryKey: queryKeys.roomRecord(game.room_id), queryFn: () => careerApi.record(game.room_id) });
  const [check, setCheck] = useState<ShuffleCheck | null | 'none'>(null);
  const record = query.data;
  return (
    <Modal isOpen onClose={onClose} title={t('record.title', { id: game.room_id })} closeLabel={t('close')}>
      <QueryState query={query} loading={t('record.loading')} failed={t('record.failed')} retry={t('retry')}>
        {record ? (
          <div className="record" data-testid="record">
            <p className="record-label">{t('record.hash')}</p>
            <code className="record-code" data-testid="record-hash">
              {record.seed_hash ?? '—'}
            </code>
            <p className="record-label">{t('record.seed')}</p>
            <code className="record-code" data-testid="record-seed">
              {record.seed ?? t('record.no_seed')}
            </code>
            <p className="record-label">{t('record.players')}</p>
            <p>{record.players.map((p) => p.username).join(', ')}</p>
            <button
              type="button"
              className="btn btn-gold btn-block"
              disabled={!record.seed}
              onClick={() => setCheck(checkShuffle(record) ?? 'none')}
              data-testid="verify-shuffle"
            >
              {t('record.verify')}
            </button>
            {check === 'none' ? <p role="status">{t('record.no_seed')}</p> : null}
            {check && check !== 'none' ? <Verdict check={check} /> : null}
          </div>
        ) : null}
      </QueryState>
    </Modal>
  );
}

function Verdict({ check }: { check: ShuffleCheck }) {
  const { t } = useTranslation('player');
  const isFair = check.isHashMatching && check.isReplayMatching;
  return (
    <div className={`verdict${isFair ? ' verdict-ok' : ' verdict-bad'}`} role="status" data-testid="verdict">
      <p>
        <strong>{isFair ? t('record.fair') : t('record.unfair')}</strong>
      </p>
      <p>{check.isHashMatching ? t('record.hash_ok') : t('record.hash_bad')}</p>
      <p>{check.isReplayMatching ? t('record.hands_ok') : t('record.hands_bad')}</p>
      <p className="record-label">{t('record.first_hands', { trump: cardText(check.trump) })}</p>
      <ul className="record-hands">
        {check.hands.map((hand) => (
          <li key={hand.username}>
            <span>{hand.username}</span> <code>{hand.cards.map(cardText).join(' ')}</code>
          </li>
        ))}
      </ul>
    </div>
  );
}
