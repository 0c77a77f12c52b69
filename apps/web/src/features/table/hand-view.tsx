import type { Card } from '@durak/engine';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { useCardName } from '../cards/card-name';
import { CardFace } from '../cards/card-view';
import { cardKey, cardLabel } from '../cards/sprite';
import { useCardPointer } from './card-pointer';

interface HandProps {
  cards: readonly Card[];
  width: number;
  cardWidth: number;
  playable: ReadonlySet<string>;
  picked: string | null;
  isMyMove: boolean;
  /** Cheating rooms accept any card, so every card stays tappable. */
  isAnyCardAllowed: boolean;
  onTap: (card: Card) => void;
  /** A card dropped on a slot (defence) or anywhere on the table (attack, transfer). */
  onDrop: (card: Card, slotId: number | null) => void;
}

/** Horizontal step between fanned cards so the hand fits the width. */
export function fanStep(count: number, width: number, cardWidth: number): number {
  if (count <= 1) return 0;
  return Math.min(cardWidth * 0.72, (width - cardWidth) / (count - 1));
}

function HandCard({
  card,
  index,
  style,
  className,
  isEnabled,
  onTap,
  onDrop,
}: {
  card: Card;
  index: number;
  style: CSSProperties;
  className: string;
  isEnabled: boolean;
  onTap: () => void;
  onDrop: (slotId: number | null) => void;
}) {
  const name = useCardName()(card);
  const pointer = useCardPointer({ isDraggable: isEnabled, onTap, onDrop });
  return (
    <button
      type="button"
      {...pointer}
      className={className}
      style={{ ...style, zIndex: index, touchAction: 'none' }}
      aria-label={name}
      aria-disabled={!isEnabled}
      data-testid="hand-card"
      data-card={cardLabel(card)}
    >
      <CardFace card={card} width={style.width as number} />
    </button>
  );
}

/** The caller's hand, fanned across the bottom; playable cards stand up and glow. */
export function HandView({ cards, width, cardWidth, playable, picked, isMyMove, isAnyCardAllowed, onTap, onDrop }: HandProps) {
  const { t } = useTranslation('game');
  const step = fanStep(cards.length, width, cardWidth);
  const total = cardWidth + step * Math.max(0, cards.length - 1);
  const left = (width - total) / 2;
  const middle = (cards.length - 1) / 2;
  return (
    <div className="hand" style={{ width, height: cardWidth * 1.5 + 30 }} aria-label={t('table.hand')} data-testid="hand">
      {cards.map((card, i) => {
        const key = cardKey(card);
        const isPlayable = playable.has(key);
        const isPicked = picked === key;
        // A gentle arc whatever the count: at most 8 degrees and 10 px at the ends.
        const spread = middle > 0 ? (i - middle) / middle : 0;
        const tilt = spread * Math.min(8, cards.length * 1.4);
        const drop = spread * spread * 10;
        const lift = isPicked ? -30 : isPlayable ? -16 : 0;
        const className = `hand-card${isPlayable ? ' hand-card-playable' : ''}${isPicked ? ' hand-card-picked' : ''}${isMyMove && !isPlayable && !isAnyCardAllowed ? ' hand-card-dim' : ''}`;
        return (
          <HandCard
            key={key}
            card={card}
            index={i}
            className={className}
            isEnabled={isPlayable || isAnyCardAllowed}
            style={{ width: cardWidth, transform: `translate(${left + i * step}px, ${drop + lift + 16}px) rotate(${tilt}deg)` }}
            onTap={() => onTap(card)}
            onDrop={(slotId) => onDrop(card, slotId)}
          />
        );
      })}
    </div>
  );
}
