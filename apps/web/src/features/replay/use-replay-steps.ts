import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

/** Play speeds: steps per second at 1x is one (FEATURES.md §14: 1x, 2x, 4x). */
export const SPEEDS = [1, 2, 4] as const;
export type Speed = (typeof SPEEDS)[number];
const STEP_MS = 1000;

/** `?step=N` as a whole step within 0..last (anything else is the deal). */
export function stepFromSearch(raw: string | null, last: number): number {
  if (raw === null || !/^\d{1,6}$/.test(raw)) return 0;
  return Math.min(Number(raw), Math.max(0, last));
}

/**
 * Where the replay stands, kept in the address (`?step=N&seat=USER_ID`, replaced, not pushed, so
 * Back leaves the page): the step, whose view, and the play clock at 1x/2x/4x.
 */
export function useReplaySteps(last: number, seats: readonly string[]) {
  const [search, setSearch] = useSearchParams();
  const step = stepFromSearch(search.get('step'), last);
  const rawSeat = search.get('seat');
  const seat = rawSeat !== null && seats.includes(rawSeat) ? rawSeat : null;
  const [isPlaying, setPlaying] = useState(false);
  const [speed, setSpeed] = useState<Speed>(1);

  const go = (next: number, nextSeat: string | null = seat) => {
    const query = new URLSearchParams();
    const clamped = Math.min(Math.max(0, next), last);
    if (clamped > 0) query.set('step', String(clamped));
    if (nextSeat !== null) query.set('seat', nextSeat);
    setSearch(query, { replace: true });
  };

  useEffect(() => {
    if (!isPlaying) return;
    if (step >= last) {
      setPlaying(false);
      return;
    }
    const timer = setTimeout(() => go(step + 1), STEP_MS / speed);
    return () => clearTimeout(timer);
    // `go` is rebuilt each render from the same address; the step, speed and play state drive the clock.
  }, [isPlaying, step, speed, last]);

  // Arrow keys step and the space bar plays, when no control has the keyboard (a focused slider
  // or button already answers them itself).
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.target !== document.body || event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
        event.preventDefault();
        setPlaying(false);
        go(step + (event.key === 'ArrowRight' ? 1 : -1));
      } else if (event.key === ' ') {
        event.preventDefault();
        if (!isPlaying && step >= last) go(0);
        setPlaying(!isPlaying);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  return {
    step,
    seat,
    isPlaying,
    speed,
    go,
    setSeat: (next: string | null) => go(step, next),
    setSpeed,
    /** Play from where it stands; from the end it starts over. */
    toggle: () => {
      if (!isPlaying && step >= last) go(0);
      setPlaying(!isPlaying);
    },
    pause: () => setPlaying(false),
  };
}
