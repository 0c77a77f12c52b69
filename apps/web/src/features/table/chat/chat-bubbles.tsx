import { useLayoutEffect, useRef } from 'react';
import { placeBubble, type Box } from './bubble-place';
import { useMessageText } from './chat-panel';
import type { Bubble } from './use-table-chat';

/**
 * What a bubble must never cover: the cards on the table, the trump and piles, the hand, and the
 * top bar (the stake and the leave button).
 */
const AVOID = ['[data-testid="table-slots"]', '[data-testid="talon"]', '[data-testid="discard"]', '[data-testid="hand"]', '.table-top'];

const boxOf = (r: DOMRect): Box => ({ left: r.left, top: r.top, width: r.width, height: r.height });

function SeatBubble({ userId, bubble }: { userId: string; bubble: Bubble }) {
  const textOf = useMessageText();
  const node = useRef<HTMLDivElement>(null);
  // Placed after layout, against the seat and the cards as they are on screen now.
  useLayoutEffect(() => {
    const el = node.current;
    // The whole seat (avatar, card fan, name): a bubble beside it hides none of them.
    const seat = document.querySelector(`[data-testid="seat"][data-player-id="${CSS.escape(userId)}"]`);
    if (!el) return;
    if (!seat) {
      el.hidden = true;
      return;
    }
    const avoid = AVOID.flatMap((selector) => [...document.querySelectorAll(selector)].map((e) => boxOf(e.getBoundingClientRect())));
    const viewport = { left: 0, top: 0, width: window.innerWidth, height: window.innerHeight };
    const placed = placeBubble(boxOf(seat.getBoundingClientRect()), { width: el.offsetWidth, height: el.offsetHeight }, avoid, viewport);
    el.style.left = `${placed.left}px`;
    el.style.top = `${placed.top}px`;
    el.style.visibility = 'visible';
  }, [userId, bubble.key]);
  return (
    <div ref={node} className="chat-bubble" data-testid="chat-bubble" data-player-id={userId}>
      {textOf(bubble.message)}
    </div>
  );
}

/** Each sender's latest message beside their seat for a few seconds (`BUBBLE_MS`). */
export function ChatBubbles({ bubbles }: { bubbles: Readonly<Record<string, Bubble>> }) {
  return (
    <div className="chat-bubbles" aria-hidden="true">
      {Object.entries(bubbles).map(([userId, bubble]) => (
        <SeatBubble key={`${userId}:${bubble.key}`} userId={userId} bubble={bubble} />
      ))}
    </div>
  );
}
