import { useSyncExternalStore } from 'react';

export type ImageStatus = 'loading' | 'loaded' | 'error';

// One load per URL for the whole app: every card shares the sprite, so a hand of 20 cards
// costs one request and one status.
const statuses = new Map<string, ImageStatus>();
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

export function loadImage(url: string, make: () => HTMLImageElement = () => new Image()): ImageStatus {
  const known = statuses.get(url);
  if (known) return known;
  statuses.set(url, 'loading');
  const image = make();
  image.onload = () => {
    statuses.set(url, 'loaded');
    notify();
  };
  image.onerror = () => {
    statuses.set(url, 'error');
    notify();
  };
  image.src = url;
  return 'loading';
}

/** Test hook: forget every status. */
export function resetImageStatuses(): void {
  statuses.clear();
}

/** The load status of an image URL; starts the load on first use. */
export function useImageStatus(url: string): ImageStatus {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => statuses.get(url) ?? loadImage(url),
    () => 'loading',
  );
}
