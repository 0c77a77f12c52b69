import { useEffect, useRef } from 'react';
import { playSound } from '../../device/sound-player';
import { vibrate } from '../../device/vibrate';
import { endCue, YOUR_TURN_CUE, type Cue } from './feedback';

/** Plays a cue's sound and buzz. */
export function playCue({ sound, vibration }: Cue): void {
  try {
    if (sound) playSound(sound);
  } catch {
    // A sound that cannot play is not worth interrupting the game for.
  }
  if (vibration) vibrate(vibration);
}

/**
 * The cues of the caller's own moments: a sound and a buzz when their turn starts (not on every
 * repaint), and victory or defeat when the game they watch ends (then `onFinished`).
 */
export function useTurnCues(
  isMyMove: boolean,
  status: string | undefined,
  myResult: string | null | undefined,
  onFinished: () => void,
): void {
  const wasMyMove = useRef(false);
  useEffect(() => {
    if (isMyMove && !wasMyMove.current) playCue(YOUR_TURN_CUE);
    wasMyMove.current = isMyMove;
  }, [isMyMove]);

  const finished = useRef(onFinished);
  finished.current = onFinished;
  const wasFinished = useRef<boolean | null>(null);
  useEffect(() => {
    if (!status) return;
    const isFinished = status === 'FINISHED';
    if (isFinished && wasFinished.current === false) {
      playCue(endCue(myResult));
      finished.current();
    }
    wasFinished.current = isFinished;
  }, [status, myResult]);
}
