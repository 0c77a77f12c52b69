import { useEffect, useState } from 'react';

/** The window's size, following resizes and rotations. */
export function useViewport(): { width: number; height: number } {
  const [size, setSize] = useState(() => ({ width: window.innerWidth, height: window.innerHeight }));
  useEffect(() => {
    const onResize = () => setSize({ width: window.innerWidth, height: window.innerHeight });
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return size;
}

/** From this width on the table is laid out for a desktop window: cards follow the height. */
export const DESKTOP_WIDTH = 900;

/**
 * Card widths for this screen: the hand's, the table's and the piles'. Default 100 px, scaled
 * down on phones; on a desktop window they grow with its height (1280x720 to 1920x1080), so the
 * hand, the felt and the bars all fit in the window whatever its size.
 */
export function cardSizes(width: number, height: number): { hand: number; table: number; pile: number } {
  if (width >= DESKTOP_WIDTH) {
    const fit = (share: number, min: number, max: number) => Math.round(Math.max(min, Math.min(max, height * share)));
    return { hand: fit(0.15, 70, 150), table: fit(0.105, 56, 118), pile: fit(0.075, 44, 84) };
  }
  const short = Math.min(width, height * 0.62);
  return {
    hand: Math.round(Math.max(58, Math.min(100, short * 0.2))),
    table: Math.round(Math.max(48, Math.min(84, short * 0.17))),
    pile: Math.round(Math.max(40, Math.min(64, short * 0.12))),
  };
}

/** The hand's width: the window less its margins, up to 760 px on a phone and 1100 px on a desktop. */
export function handWidth(width: number): number {
  return Math.min(width, width >= DESKTOP_WIDTH ? 1100 : 760) - 44;
}
