export interface Box {
  readonly left: number;
  readonly top: number;
  readonly width: number;
  readonly height: number;
}

const gap = 4;

function overlaps(a: Box, b: Box): boolean {
  return a.left < b.left + b.width && b.left < a.left + a.width && a.top < b.top + b.height && b.top < a.top + a.height;
}

function clampInto(box: Box, viewport: Box): Box {
  const left = Math.min(Math.max(box.left, viewport.left + gap), viewport.left + viewport.width - box.width - gap);
  const top = Math.min(Math.max(box.top, viewport.top + gap), viewport.top + viewport.height - box.height - gap);
  return { ...box, left, top };
}

/**
 * Where a chat bubble of `size` goes beside a seat: above it, then to either side, then below,
 * the first place (kept inside the viewport) that covers none of `avoid` — the cards on the
 * table, the player's hand, the trump and the piles. When every place covers something, the
 * bubble sits over the seat itself, which hides only that seat's own avatar for a few seconds.
 */
export function placeBubble(seat: Box, size: { width: number; height: number }, avoid: readonly Box[], viewport: Box): Box {
  const centreX = seat.left + seat.width / 2 - size.width / 2;
  const centreY = seat.top + seat.height / 2 - size.height / 2;
  const candidates: Box[] = [
    { left: centreX, top: seat.top - size.height - gap, ...size },
    { left: seat.left + seat.width + gap, top: centreY, ...size },
    { left: seat.left - size.width - gap, top: centreY, ...size },
    { left: centreX, top: seat.top + seat.height + gap, ...size },
  ].map((box) => clampInto(box, viewport));
  // A place pushed back onto its own seat by the viewport's edge is no place beside the seat.
  const taken = [...avoid, seat];
  return (
    candidates.find((box) => !taken.some((other) => overlaps(box, other))) ?? clampInto({ left: centreX, top: centreY, ...size }, viewport)
  );
}
