import type { Card, ViewSlot } from '@durak/engine';
import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CardFace } from '../cards/card-view';
import { useCardName } from '../cards/card-name';
import { flyIn } from './flights';

interface SlotsProps {
  slots: readonly ViewSlot[];
  cardWidth: number;
  /** Where a player's card comes from on screen (their seat, or the hand for the caller). */
  sourceOf: (playerId: string) => DOMRect | null;
  /** Slots the picked card can go to (defence). */
  targets: ReadonlySet<number>;
  catchable: ReadonlySet<number>;
  onSlot: (slotId: number) => void;
}

function SlotCard({
  card,
  player,
  className,
  rotate,
  width,
  sourceOf,
}: {
  card: Card;
  player: string;
  className: string;
  rotate: number;
  width: number;
  sourceOf: SlotsProps['sourceOf'];
}) {
  const node = useRef<HTMLSpanElement>(null);
  const source = useRef(sourceOf);
  source.current = sourceOf;
  useLayoutEffect(() => {
    const from = source.current(player);
    if (node.current && from) flyIn(node.current, from);
  }, [player]);
  return (
    <span ref={node} className={`slot-card ${className}`} style={{ rotate: `${rotate}deg` }}>
      <CardFace card={card} width={width} testId="table-card" />
    </span>
  );
}

/** The bout on the table: each attack card with the card that beat it laid across. */
export function TableSlots({ slots, cardWidth, sourceOf, targets, catchable, onSlot }: SlotsProps) {
  const { t } = useTranslation('game');
  const nameOf = useCardName();
  return (
    <ol className="slots" aria-label={t('table.slots')} data-testid="table-slots">
      {slots.map((slot, i) => {
        const isTarget = targets.has(slot.slot_id);
        const canCatch = catchable.has(slot.slot_id);
        const tilt = ((i * 37) % 7) - 3;
        return (
          <li key={slot.slot_id} className="slot" style={{ width: cardWidth * 1.3, height: cardWidth * 1.78 }}>
            <button
              type="button"
              className={`slot-btn${isTarget ? ' slot-target' : ''}${canCatch ? ' slot-catchable' : ''}`}
              disabled={!isTarget && !canCatch}
              onClick={() => onSlot(slot.slot_id)}
              data-testid="slot"
              data-slot-id={slot.slot_id}
              aria-label={`${nameOf(slot.attack_card)}${slot.defense_card ? ` / ${nameOf(slot.defense_card)}` : ''}`}
            >
              <SlotCard
                card={slot.attack_card}
                player={slot.attacker}
                className="slot-attack"
                rotate={tilt}
                width={cardWidth}
                sourceOf={sourceOf}
              />
              {slot.defense_card ? (
                <SlotCard
                  card={slot.defense_card}
                  player={slot.defender}
                  className="slot-defence"
                  rotate={12}
                  width={cardWidth}
                  sourceOf={sourceOf}
                />
              ) : null}
            </button>
          </li>
        );
      })}
    </ol>
  );
}
