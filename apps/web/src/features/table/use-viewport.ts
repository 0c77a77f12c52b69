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

/**
 * The hand's width: the window less its margins, up to 760 px on a phone; on a desktop window
 * at least 1100 px and otherwise four fifths of it, so a long hand spreads over a wide screen.
 */
export function handWidth(width: number): number {
  if (width < DESKTOP_WIDTH) return Math.min(width, 760) - 44;
  return Math.min(width, Math.max(1100, Math.round(width * 0.8))) - 44;
}

/**
 * How much the seats around the felt grow on a desktop window: 1 at 900x600, 1.6 at 1920x1080,
 * following the smaller of the two ratios continuously (no steps between breakpoints), so the
 * avatars, names and card backs keep pace with the felt. 1 on a phone: its layout is its own.
 */
export function seatScale(width: number, height: number): number {
  if (width < DESKTOP_WIDTH) return 1;
  const grow = Math.min((width - 900) / 1020, (height - 600) / 480);
  return Math.round(Math.max(1, Math.min(1.6, 1 + 0.6 * grow)) * 100) / 100;
}
