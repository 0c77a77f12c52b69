import type { PayLine, PaytableAnswer } from '@durak/protocol';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../ui/modal';
import { formatChips } from '../../ui/format';
import { SymbolArt } from './symbol-art';

const percent = (share: number, language: string) =>
  new Intl.NumberFormat(language, { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(share);

function LineView({ line }: { line: PayLine }) {
  const { t } = useTranslation('bandit');
  const isThreeOfAKind = line.count === 3 && line.symbols.length === 1;
  const icons = isThreeOfAKind ? [0, 1, 2].map(() => line.symbols[0]!) : line.symbols;
  const name = line.symbols.map((s) => t(`symbols.${s}`)).join(', ');
  return (
    <li className="paytable-line">
      <span className="paytable-icons" aria-hidden="true">
        {icons.map((symbol, i) => (
          <SymbolArt key={i} symbol={symbol} />
        ))}
      </span>
      <span className="paytable-what">
        {isThreeOfAKind
          ? t('rules.three', { name })
          : line.count === 3
            ? t('rules.any_three', { name })
            : t('rules.anywhere', { n: line.count, name })}
      </span>
      <strong className="paytable-pays">×{line.multiplier}</strong>
    </li>
  );
}

/** The rules and the paytable, with the exact return: open before the first spin and any time after. */
export function RulesDialog({
  paytable,
  isOpen,
  onClose,
  onPlay,
}: {
  paytable: PaytableAnswer;
  isOpen: boolean;
  onClose: () => void;
  onPlay: () => void;
}) {
  const { t, i18n } = useTranslation('bandit');
  return (
    <Modal isOpen={isOpen} onClose={onClose} title={t('rules.title')} closeLabel={t('close')}>
      <div className="bandit-rules" data-testid="bandit-rules">
        <p>{t('rules.intro', { min: formatChips(paytable.min_bet), max: formatChips(paytable.max_bet) })}</p>
        <p>{t('rules.how')}</p>
        <ul className="paytable">
          {paytable.paytable.map((line, i) => (
            <LineView key={i} line={line} />
          ))}
        </ul>
        <dl className="bandit-figures">
          <div>
            <dt>{t('rules.rtp')}</dt>
            <dd data-testid="bandit-rtp">{percent(paytable.rtp, i18n.language)}</dd>
          </div>
          <div>
            <dt>{t('rules.hits')}</dt>
            <dd>{percent(paytable.hit_frequency, i18n.language)}</dd>
          </div>
          <div>
            <dt>{t('rules.top')}</dt>
            <dd>×{paytable.max_multiplier}</dd>
          </div>
        </dl>
        <p className="bandit-small">{t('rules.fair')}</p>
        <button type="button" className="btn btn-gold btn-block" onClick={onPlay}>
          {t('rules.play')}
        </button>
      </div>
    </Modal>
  );
}
