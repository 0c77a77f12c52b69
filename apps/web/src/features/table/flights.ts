import type { Card } from '@durak/engine';
import { spriteStyle } from '../cards/sprite';
import type { RoomMessage, WatchState } from '@durak/protocol';

// Card movement uses the Web Animations API on transforms only, so the compositor runs it at
// the display's rate without React rendering a frame.
const EASE = 'cubic-bezier(0.2, 0.8, 0.25, 1)';

function isReduced(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

function centre(rect: DOMRect): { x: number; y: number } {
  return { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 };
}

/** Plays a card that just appeared as if it came from `from` (a seat or the hand). */
export function flyIn(el: HTMLElement, from: DOMRect, duration = 300): void {
  if (isReduced() || typeof el.animate !== 'function') return;
  const to = centre(el.getBoundingClientRect());
  const start = centre(from);
  const dx = start.x - to.x;
  const dy = start.y - to.y;
  if (Math.hypot(dx, dy) < 4) return;
  el.animate(
    [
      { transform: `translate(${dx}px, ${dy}px) scale(0.6) rotate(-12deg)`, opacity: 0.4 },
      { transform: 'none', opacity: 1 },
    ],
    { duration, easing: EASE },
  );
}

/** A card that leaves one place for another (table to discard, table to taker, talon to a seat). */
export function flyAway(from: DOMRect, to: DOMRect, face: Card | null, backUrl: string, delay = 0): void {
  if (isReduced() || typeof document.body.animate !== 'function') return;
  const node = document.createElement('div');
  node.className = 'card flight';
  const width = from.width;
  Object.assign(node.style, {
    left: `${from.left}px`,
    top: `${from.top}px`,
    width: `${width}px`,
    height: `${width * 1.5}px`,
    ...(face ? spriteStyle(face, width) : { backgroundImage: `url(${backUrl})`, backgroundSize: '100% 100%' }),
  });
  document.body.append(node);
  const a = centre(from);
  const b = centre(to);
  const scale = Math.max(0.35, Math.min(1, to.width / Math.max(1, width)));
  const animation = node.animate(
    [
      { transform: 'translate(0, 0) rotate(0deg)', opacity: 1 },
      { transform: `translate(${b.x - a.x}px, ${b.y - a.y}px) rotate(${face ? 20 : -10}deg) scale(${scale})`, opacity: 0.2 },
    ],
    { duration: 380, delay, easing: EASE, fill: 'backwards' },
  );
  animation.onfinish = () => node.remove();
  animation.oncancel = () => node.remove();
}

/** The on-screen box of a seat, the hand, the talon or the discard pile. */
export function rectOf(selector: string): DOMRect | null {
  return document.querySelector(selector)?.getBoundingClientRect() ?? null;
}

export function seatSelector(playerId: string, me: string): string {
  return playerId === me ? '[data-testid="hand"]' : `[data-testid="seat"][data-player-id="${CSS.escape(playerId)}"] .seat-avatar`;
}

/** The cards on the table as they were before the event, matched to their elements in order. */
function tableCards(before: WatchState): { el: HTMLElement; card: Card | null }[] {
  const cards = before.round.slots.flatMap((s) => (s.defense_card ? [s.attack_card, s.defense_card] : [s.attack_card]));
  return [...document.querySelectorAll<HTMLElement>('[data-testid="table-card"]')].map((el, i) => ({ el, card: cards[i] ?? null }));
}

/**
 * The flights an event starts: the table to the discard or to the taker, the talon to a drawing
 * seat. A card put on the table flies in by itself (TableSlots), as it mounts.
 */
export function flyFor(event: RoomMessage, before: WatchState, me: string, backUrl: string): void {
  if (event.type === 'discarded' || event.type === 'taken') {
    const to = rectOf(event.type === 'discarded' ? '[data-testid="discard"]' : seatSelector(event.player, me));
    if (to) tableCards(before).forEach(({ el, card }, i) => flyAway(el.getBoundingClientRect(), to, card, backUrl, i * 25));
  }
  if (event.type === 'drawn') {
    const from = rectOf('[data-testid="talon"] .card');
    const to = rectOf(seatSelector(event.player, me));
    if (from && to) for (let i = 0; i < Math.min(6, event.count); i++) flyAway(from, to, null, backUrl, i * 60);
  }
}
