// Draws the card sprite of SPEC.md §3: 9 columns (A,6,7,8,9,10,J,Q,K) by 4 rows (clubs, hearts,
// spades, diamonds), each card 100×150, then 4 more columns (2,3,4,5) for the 52-card deck
// (FEATURES.md §16) so the spec's nine keep their places, plus the default card back in vertical and horizontal
// forms. Pure SVG paths for the suits so the sprite looks the same with any installed fonts but
// the rank letters. Run: node scripts/gen-card-sprite.mjs (the output is committed).
import { mkdirSync, writeFileSync } from 'node:fs';

const out = 'apps/web/public/cards';
const W = 100;
const H = 150;
const suits = ['clubs', 'hearts', 'spades', 'diamonds'];
const ranks = ['A', '6', '7', '8', '9', '10', 'J', 'Q', 'K', '2', '3', '4', '5'];
const red = '#c0262d';
const black = '#1b1d24';

// Suit shapes drawn in a 100×100 box.
const suitPath = {
  hearts: 'M50 90C22 68 4 50 4 31C4 15 16 4 30 4c10 0 17 6 20 14c3-8 10-14 20-14c14 0 26 11 26 27c0 19-18 37-46 59z',
  diamonds: 'M50 2L90 50L50 98L10 50z',
  spades:
    'M50 3C78 28 96 44 96 62c0 14-11 23-24 23c-9 0-15-4-18-10c1 9 5 16 12 21H34c7-5 11-12 12-21c-3 6-9 10-18 10C15 85 4 76 4 62C4 44 22 28 50 3z',
  clubs: 'M50 4a21 21 0 0 1 17 33a21 21 0 1 1-13 36c1 9 5 16 12 22H34c7-6 11-13 12-22a21 21 0 1 1-13-36A21 21 0 0 1 50 4z',
};

const colorOf = (suit) => (suit === 'hearts' || suit === 'diamonds' ? red : black);

function pip(suit, cx, cy, size, flip = false) {
  const s = size / 100;
  const rot = flip ? ` rotate(180 50 50)` : '';
  return `<path d="${suitPath[suit]}" fill="${colorOf(suit)}" transform="translate(${cx - size / 2} ${cy - size / 2}) scale(${s})${rot}"/>`;
}

// Pip positions for the number cards, in card coordinates (the classic layouts).
const L = 32;
const R = 68;
const rows = { top: 34, upper: 57, mid: 75, lower: 93, bottom: 116 };
const layouts = {
  2: [
    [50, rows.top],
    [50, rows.bottom],
  ],
  3: [
    [50, rows.top],
    [50, rows.mid],
    [50, rows.bottom],
  ],
  4: [
    [L, rows.top],
    [R, rows.top],
    [L, rows.bottom],
    [R, rows.bottom],
  ],
  5: [
    [L, rows.top],
    [R, rows.top],
    [50, rows.mid],
    [L, rows.bottom],
    [R, rows.bottom],
  ],
  6: [
    [L, rows.top],
    [R, rows.top],
    [L, rows.mid],
    [R, rows.mid],
    [L, rows.bottom],
    [R, rows.bottom],
  ],
  7: [
    [L, rows.top],
    [R, rows.top],
    [50, 54],
    [L, rows.mid],
    [R, rows.mid],
    [L, rows.bottom],
    [R, rows.bottom],
  ],
  8: [
    [L, rows.top],
    [R, rows.top],
    [50, 54],
    [L, rows.mid],
    [R, rows.mid],
    [50, 96],
    [L, rows.bottom],
    [R, rows.bottom],
  ],
  9: [
    [L, rows.top],
    [R, rows.top],
    [L, 61],
    [R, 61],
    [50, rows.mid],
    [L, 89],
    [R, 89],
    [L, rows.bottom],
    [R, rows.bottom],
  ],
  10: [
    [L, rows.top],
    [R, rows.top],
    [50, 47],
    [L, 61],
    [R, 61],
    [L, 89],
    [R, 89],
    [50, 103],
    [L, rows.bottom],
    [R, rows.bottom],
  ],
};

function corner(rank, suit) {
  const c = colorOf(suit);
  const size = rank === '10' ? 17 : 19;
  return `<g>
    <text x="11" y="24" font-family="Georgia, 'DejaVu Serif', serif" font-weight="700" font-size="${size}" fill="${c}" text-anchor="middle"${rank === '10' ? ' letter-spacing="-1.5"' : ''}>${rank}</text>
    ${pip(suit, 11, 35, 13)}
  </g>`;
}

function face(rank, suit) {
  const c = colorOf(suit);
  const tint = c === red ? '#fbe3e1' : '#e3e6ef';
  return `<rect x="22" y="24" width="56" height="102" rx="6" fill="${tint}" stroke="${c}" stroke-width="1.5"/>
    <rect x="26" y="28" width="48" height="94" rx="4" fill="none" stroke="${c}" stroke-width="0.6" stroke-dasharray="2 2"/>
    <text x="50" y="88" font-family="Georgia, 'DejaVu Serif', serif" font-weight="700" font-size="46" fill="${c}" text-anchor="middle">${rank}</text>
    ${pip(suit, 50, 44, 20)}
    ${pip(suit, 50, 106, 20, true)}`;
}

function card(rank, suit) {
  let body;
  if (rank === 'A') body = pip(suit, 50, 75, 52);
  else if (rank === 'J' || rank === 'Q' || rank === 'K') body = face(rank, suit);
  else body = layouts[rank].map(([x, y]) => pip(suit, x, y, 19, y > 75)).join('');
  return `<rect x="1" y="1" width="${W - 2}" height="${H - 2}" rx="8" fill="#fffdf8" stroke="#c9c3b5" stroke-width="1.2"/>
  ${body}
  ${corner(rank, suit)}
  <g transform="rotate(180 50 75)">${corner(rank, suit)}</g>`;
}

const cells = [];
suits.forEach((suit, row) => {
  ranks.forEach((rank, col) => {
    cells.push(`<g transform="translate(${col * W} ${row * H})">${card(rank, suit)}</g>`);
  });
});
const sprite = `<svg xmlns="http://www.w3.org/2000/svg" width="${W * ranks.length}" height="${H * 4}" viewBox="0 0 ${W * ranks.length} ${H * 4}">\n${cells.join('\n')}\n</svg>\n`;

function back(width, height) {
  const pattern = `<pattern id="p" width="14" height="14" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
      <rect width="14" height="14" fill="#7a1420"/><path d="M0 7h14M7 0v14" stroke="#a3283a" stroke-width="2"/></pattern>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs>${pattern}</defs>
  <rect x="1" y="1" width="${width - 2}" height="${height - 2}" rx="8" fill="#fffdf8" stroke="#c9c3b5" stroke-width="1.2"/>
  <rect x="7" y="7" width="${width - 14}" height="${height - 14}" rx="5" fill="url(#p)"/>
  <rect x="11" y="11" width="${width - 22}" height="${height - 22}" rx="4" fill="none" stroke="#e7c46a" stroke-width="1.5"/>
  ${pip('spades', width / 2, height / 2, 28).replace(/fill="[^"]+"/, 'fill="#e7c46a"')}
</svg>\n`;
}

mkdirSync(out, { recursive: true });
writeFileSync(`${out}/sprite.svg`, sprite);
writeFileSync(`${out}/back.svg`, back(W, H));
writeFileSync(`${out}/back-horizontal.svg`, back(H, W));
console.log(`wrote ${out}/sprite.svg (${sprite.length} bytes), back.svg, back-horizontal.svg`);
