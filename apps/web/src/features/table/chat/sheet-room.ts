import { useLayoutEffect, useState, type RefObject } from 'react';

/** The space kept between the sheet and the bars above and below it. */
const GAP = 8;

/**
 * How tall the open chat sheet may be (FEATURES.md §17: the open chat never covers the player's
 * own hand). The sheet sits on the player's bar (chat.css anchors its bottom to the bar's top), so
 * the hand below stays in sight; this is the room from the table's top bar down to that bar,
 * measured again whenever the window, the bar or the hand area changes size. Null until measured.
 */
export function useSheetRoom(anchor: RefObject<HTMLElement | null>, isOpen: boolean): number | null {
  const [room, setRoom] = useState<number | null>(null);
  useLayoutEffect(() => {
    const bar = anchor.current?.closest('.me-bar');
    const page = bar?.closest('.table-page');
    if (!isOpen || !bar || !page) return;
    const measure = () => {
      const top = page.querySelector('.table-top')?.getBoundingClientRect().bottom ?? 0;
      setRoom(Math.max(0, Math.floor(bar.getBoundingClientRect().top - top - 2 * GAP)));
    };
    measure();
    window.addEventListener('resize', measure);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    for (const element of [page, bar, page.querySelector('.me-area')]) if (element) observer?.observe(element);
    return () => {
      window.removeEventListener('resize', measure);
      observer?.disconnect();
    };
  }, [anchor, isOpen]);
  return room;
}
