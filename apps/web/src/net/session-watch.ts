import { endSessionIfExpired } from './http';

/**
 * Re-checks the six-day session marker whenever the page is shown again (a phone woken after
 * days, a tab brought back, a page restored from the back-forward cache), not only at start-up.
 * Returns the cleanup.
 */
export function watchSessionExpiry(doc: Document = document): () => void {
  const check = () => {
    if (doc.visibilityState === 'visible') endSessionIfExpired();
  };
  const win = doc.defaultView;
  doc.addEventListener('visibilitychange', check);
  win?.addEventListener('pageshow', check);
  return () => {
    doc.removeEventListener('visibilitychange', check);
    win?.removeEventListener('pageshow', check);
  };
}
