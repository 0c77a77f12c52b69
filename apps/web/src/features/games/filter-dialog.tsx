import { useTranslation } from 'react-i18next';
import { Modal } from '../../ui/modal';
import { BET_RANGES, rangeBounds, type BetRange } from './bets';
import { MultiChoice, SingleChoice } from './choice';
import { DEFAULT_FILTER, TOGGLE_KEYS, useFilterStore, type Toggle } from './filter-store';
import { BALANCE_TYPES, DECK_SIZES, PLAYER_COUNTS, ROOM_STATUSES, TRANSFER_PERMISSIONS } from './room-options';
import './dialog-forms.css';

/** The range chip that matches the stored bet range, or 'all' for the default range. */
function selectedRange(from: string, to: string): BetRange | 'all' {
  return BET_RANGES.find((r) => r === `${from}_${to}`) ?? 'all';
}

/** Every option of the SPEC §3 room filter; changes apply at once and persist. */
export function FilterDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation('game');
  const { t: tRules } = useTranslation('rules');
  const filter = useFilterStore((s) => s.filter);
  const setFilter = useFilterStore((s) => s.setFilter);
  const resetFilter = useFilterStore((s) => s.resetFilter);
  const range = selectedRange(...filter.bet_amount);
  const toggleOptions: { value: Toggle; label: string }[] = [
    { value: null, label: t('filter.any') },
    { value: true, label: t('filter.yes') },
    { value: false, label: t('filter.no') },
  ];

  function chooseRange(next: BetRange | 'all') {
    if (next === 'all') {
      setFilter({ bet_amount: DEFAULT_FILTER.bet_amount, min_bet: DEFAULT_FILTER.min_bet, max_bet: DEFAULT_FILTER.max_bet });
      return;
    }
    const [from = '', to = ''] = next.split('_');
    const { min, max } = rangeBounds(next);
    setFilter({ bet_amount: [from, to], min_bet: min, max_bet: max });
  }

  return (
    <Modal isOpen={isOpen} onClose={onClose} title={t('filter.title')} closeLabel={t('close')}>
      <div className="form-stack" data-testid="filter-dialog">
        <SingleChoice
          label={t('filter.bet')}
          testId="filter-bet"
          value={range}
          onChange={chooseRange}
          options={[
            { value: 'all' as const, label: t('filter.all') },
            ...BET_RANGES.map((r) => ({ value: r, label: r.replace('_', '–') })),
          ]}
        />
        <SingleChoice
          label={t('room.balance_type')}
          testId="filter-balance"
          value={filter.balance_type}
          onChange={(balance_type) => setFilter({ balance_type })}
          options={[{ value: '', label: t('filter.all') }, ...BALANCE_TYPES.map((b) => ({ value: b as string, label: t(`wallet.${b}`) }))]}
        />
        <MultiChoice
          label={t('room.players')}
          testId="filter-players"
          selected={filter.player_count}
          onChange={(player_count) => setFilter({ player_count })}
          options={PLAYER_COUNTS.map((n) => ({ value: n as number, label: String(n) }))}
        />
        <MultiChoice
          label={t('room.deck')}
          testId="filter-deck"
          selected={filter.deck_size}
          onChange={(deck_size) => setFilter({ deck_size })}
          options={DECK_SIZES.map((n) => ({ value: n as number, label: String(n) }))}
        />
        <MultiChoice
          label={t('filter.status')}
          testId="filter-status"
          selected={filter.status}
          onChange={(status) => setFilter({ status })}
          options={ROOM_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
        />
        <MultiChoice
          label={t('room.card_transfer_permission')}
          testId="filter-permission"
          selected={filter.card_transfer_permission}
          onChange={(card_transfer_permission) => setFilter({ card_transfer_permission })}
          options={TRANSFER_PERMISSIONS.map((p) => ({ value: p, label: t(`permission.${p}`) }))}
        />
        {TOGGLE_KEYS.map((key) => (
          <SingleChoice
            key={key}
            label={t(`option.${key}`)}
            testId={`filter-${key}`}
            value={filter[key]}
            onChange={(value) => setFilter({ [key]: value })}
            options={toggleOptions}
          />
        ))}
        <SingleChoice
          label={tRules('team_mode')}
          testId="filter-is_team_mode"
          value={filter.is_team_mode}
          onChange={(is_team_mode) => setFilter({ is_team_mode })}
          options={toggleOptions}
        />
        <div className="dialog-actions">
          <button type="button" className="btn btn-ghost" onClick={resetFilter} data-testid="filter-reset">
            {t('filter.reset')}
          </button>
          <button type="button" className="btn btn-gold" onClick={onClose} data-testid="filter-apply">
            {t('filter.show')}
          </button>
        </div>
      </div>
    </Modal>
  );
}
