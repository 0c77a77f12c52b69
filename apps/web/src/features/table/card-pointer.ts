import { useRef, type MouseEvent, type PointerEvent } from 'react';

/** How far a pointer may move between down and up and still count as a tap, px. */
export const TAP_SLOP = 10;
/** How far a card must travel to count as dropped somewhere, px. */
const DROP_DISTANCE = 24;

export interface CardPointerOptions {
  /** May the card be dragged (a playable card, or any card in a cheating room)? A tap always counts. */
  readonly isDraggable: boolean;
  readonly onTap: () => void;
  /** A card dropped on a slot (defence) or on the table above the hand (attack, transfer). */
  readonly onDrop: (slotId: number | null) => void;
}

/**
 * A hand card's input with pointer events only, so a finger, a pen and a mouse act alike on any
 * device: a touch laptop or a phone emulation sends a mouse's pointer events too, which a
 * touch-only gesture handler never saw (the card did nothing on a click). A press that barely
 * moves is a tap; a longer one drags the card (a transform only, no React render per frame)
 * and drops it where it is let go. A keyboard's click (no pointer, detail 0) is a tap too.
 */
export function useCardPointer({ isDraggable, onTap, onDrop }: CardPointerOptions) {
  const start = useRef<{ x: number; y: number } | null>(null);

  function reset(el: HTMLElement) {
    el.style.translate = '';
    el.style.zIndex = '';
  }

  return {
    onPointerDown(e: PointerEvent<HTMLElement>) {
      if (e.pointerType === 'mouse' && e.button !== 0) return;
      start.current = { x: Number(e.clientX) || 0, y: Number(e.clientY) || 0 };
      e.currentTarget.setPointerCapture?.(e.pointerId);
    },
    onPointerMove(e: PointerEvent<HTMLElement>) {
      if (!start.current || !isDraggable) return;
      const mx = (Number(e.clientX) || 0) - start.current.x;
      const my = (Number(e.clientY) || 0) - start.current.y;
      if (Math.hypot(mx, my) < TAP_SLOP) return;
      e.currentTarget.style.translate = `${mx}px ${my}px`;
      e.currentTarget.style.zIndex = '50';
    },
    onPointerUp(e: PointerEvent<HTMLElement>) {
      const from = start.current;
      start.current = null;
      const el = e.currentTarget;
      reset(el);
      if (!from) return;
      const x = Number(e.clientX) || 0;
      const y = Number(e.clientY) || 0;
      const moved = Math.hypot(x - from.x, y - from.y);
      if (moved < TAP_SLOP) {
        onTap();
        return;
      }
      if (!isDraggable || moved <= DROP_DISTANCE) return;
      el.style.visibility = 'hidden';
      const target = document.elementFromPoint(x, y);
      el.style.visibility = '';
      const slot = target?.closest<HTMLElement>('[data-slot-id]');
      if (slot) onDrop(Number(slot.dataset.slotId));
      else if (target?.closest('[data-drop="table"]') && y - from.y < -40) onDrop(null);
    },
    onPointerCancel(e: PointerEvent<HTMLElement>) {
      start.current = null;
      reset(e.currentTarget);
    },
    onClick(e: MouseEvent<HTMLElement>) {
      // Pointer taps were handled on pointerup; only a keyboard's Enter or Space arrives here alone.
      if (e.detail === 0) onTap();
    },
  };
}
