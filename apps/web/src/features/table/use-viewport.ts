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

/** Card widths for this screen: the hand's, the table's and the piles'. Default 100 px, scaled down on phones. */
export function cardSizes(width: number, height: number): { hand: number; table: number; pile: number } {
  const short = Math.min(width, height * 0.62);
  return {
    hand: Math.round(Math.max(58, Math.min(100, short * 0.2))),
    table: Math.round(Math.max(48, Math.min(84, short * 0.17))),
    pile: Math.round(Math.max(40, Math.min(64, short * 0.12))),
  };
}
