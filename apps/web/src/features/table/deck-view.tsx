import type { Card } from '@durak/engine';
import { useTranslation } from 'react-i18next';
import { CardBack, CardFace } from '../cards/card-view';
import { suitSymbol } from '../cards/sprite';

/** The talon with the trump card under it, and its count; a hidden trump in secret trump mode. */
export function TalonView({
  trump,
  talonCount,
  isSecret,
  cardWidth,
}: {
  trump: Card | null;
  talonCount: number;
  isSecret: boolean;
  cardWidth: number;
}) {
  const { t } = useTranslation('game');
  return (
    <div className="talon" data-testid="talon" aria-label={t('table.talon', { count: talonCount })}>
      <span className="talon-trump">
        {trump && talonCount > 0 ? <CardFace card={trump} width={cardWidth} testId="trump-card" /> : null}
        {!trump && isSecret && talonCount > 0 ? (
          <span className="trump-secret" data-testid="trump-secret" title={t('table.secret_trump')}>
            <CardBack width={cardWidth} />
            <b>?</b>
          </span>
        ) : null}
      </span>
      {talonCount > 1 ? (
        <span className="talon-stack">
          <CardBack width={cardWidth} />
        </span>
      ) : null}
      {talonCount > 0 ? (
        <span className="pile-count" data-testid="talon-count">
          {talonCount}
        </span>
      ) : null}
      {trump ? (
        <span className={`trump-suit trump-suit-${trump.suit}`} data-testid="trump-suit" title={t('table.trump')}>
          {suitSymbol(trump.suit)}
        </span>
      ) : null}
    </div>
  );
}

/** The discard pile: face down, a few cards askew, with its count. */
export function DiscardView({ count, cardWidth }: { count: number; cardWidth: number }) {
  const { t } = useTranslation('game');
  const shown = Math.min(4, Math.ceil(count / 6));
  return (
    <div className="discard" data-testid="discard" role="img" aria-label={t('table.discard', { count })}>
      {Array.from({ length: shown }, (_, i) => (
        <span key={i} className="discard-card" style={{ rotate: `${[-18, 12, -6, 24][i]}deg` }}>
          <CardBack width={cardWidth} />
        </span>
      ))}
      {count > 0 ? (
        <span className="pile-count" data-testid="discard-count">
          {count}
        </span>
      ) : null}
    </div>
  );
}
