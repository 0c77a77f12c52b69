const GESTURES = ['pointerdown', 'keydown', 'touchstart'] as const;

/**
 * Runs `fn` once, at the visitor's first tap, click or key press. A browser lets a page play
 * audio only after one, so sounds fetched and decoded earlier would only compete with the first
 * paint (Lighthouse counted ~0.4-2.7 s of blocking time on /games for it). Returns a cancel.
 */
export function afterFirstGesture(fn: () => void, target: EventTarget = window): () => void {
  const cancel = () => {
    for (const type of GESTURES) target.removeEventListener(type, run, true);
  };
  function run() {
    cancel();
    fn();
  }
  for (const type of GESTURES) target.addEventListener(type, run, { capture: true, passive: true });
  return cancel;
}
