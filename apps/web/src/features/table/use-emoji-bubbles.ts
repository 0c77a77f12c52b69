import { useCallback, useEffect, useRef, useState } from 'react';
import { emojiLook } from './emoji-glyphs';
import { rectOf, seatSelector } from './flights';
import type { EmojiMessage } from '@durak/protocol';

/** How long an emoji stays over the seat it was sent to. */
const BUBBLE_MS = 2600;

/** A throwable emoji flies from the sender's seat to the recipient's, turning as it goes. */
function throwEmoji(name: string, from: DOMRect, to: DOMRect): void {
  if (typeof document.body.animate !== 'function') return;
  const look = emojiLook(name);
  const node = document.createElement('text' in look ? 'span' : 'img');
  node.className = 'emoji-flight';
  // The flight is decoration: the bubble over the seat (with its alt text) says what arrived.
  node.setAttribute('aria-hidden', 'true');
  if ('src' in look) (node as HTMLImageElement).src = look.src;
  else node.textContent = look.text;
  Object.assign(node.style, { left: `${from.left + from.width / 2 - 18}px`, top: `${from.top + from.height / 2 - 18}px` });
  document.body.append(node);
  const dx = to.left + to.width / 2 - (from.left + from.width / 2);
  const dy = to.top + to.height / 2 - (from.top + from.height / 2);
  const animation = node.animate(
    [
      { transform: 'translate(0, 0) rotate(0) scale(1)' },
      { transform: `translate(${dx / 2}px, ${dy / 2 - 60}px) rotate(180deg) scale(1.4)`, offset: 0.5 },
      { transform: `translate(${dx}px, ${dy}px) rotate(360deg) scale(1)` },
    ],
    { duration: 700, easing: 'ease-in-out' },
  );
  animation.onfinish = () => node.remove();
}

/**
 * The emoji bubbles over the seats: each `emoji` publication shows its picture over the
 * recipient's seat for a while (thrown there first when it is throwable).
 * Returns the emoji shown per player id as `name:counter` (a key that changes with each emoji;
 * `bubbleName` reads the name back) and the handler.
 */
export function useEmojiBubbles() {
  const [bubbles, setBubbles] = useState<Record<string, string>>({});
  const counter = useRef(0);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach(clearTimeout);
  }, []);

  const show = useCallback(({ emoji, from, to }: EmojiMessage) => {
    const sender = String(from.player_id);
    const recipient = String(to.player_id);
    const fromRect = sender !== recipient ? rectOf(seatSelector(sender, '')) : null;
    const toRect = rectOf(seatSelector(recipient, ''));
    if (fromRect && toRect && emoji.is_throwable) throwEmoji(emoji.name, fromRect, toRect);
    counter.current += 1;
    const key = `${emoji.name}:${counter.current}`;
    setBubbles((prev) => ({ ...prev, [recipient]: key }));
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      setBubbles((prev) => (prev[recipient] === key ? { ...prev, [recipient]: '' } : prev));
    }, BUBBLE_MS);
    timers.current.add(timer);
  }, []);

  return { bubbles, show };
}

/** The emoji name in a bubble key (`name:counter`; a name may itself hold a colon). */
export function bubbleName(key: string): string {
  return key.slice(0, key.lastIndexOf(':'));
}
