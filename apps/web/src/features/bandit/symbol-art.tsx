import type { BanditSymbol } from '@durak/protocol';
import type { ReactElement } from 'react';

/** A seven drawn as a path (a font's 7 would change with the device). */
const SEVEN = 'M20 16 H80 V29 L55 86 H38 L62 31 H33 V38 H20 Z';

/**
 * The seven symbols of SPEC §9, drawn for this game on a 100x100 box. Flat fills with a light
 * stroke and a soft highlight read at 40 px on a phone and at 90 px on a desktop alike.
 */
const art: Record<BanditSymbol, ReactElement> = {
  apple: (
    <>
      <path
        d="M50 30 C36 18 14 24 14 50 C14 74 32 90 42 88 C46 87 48 85 50 85 C52 85 54 87 58 88 C68 90 86 74 86 50 C86 24 64 18 50 30 Z"
        fill="#e23b3b"
        stroke="#7a1010"
        strokeWidth="3"
      />
      <path d="M27 42 C29 34 35 30 41 30" fill="none" stroke="#ffd0c8" strokeWidth="5" strokeLinecap="round" opacity="0.8" />
      <path d="M50 31 C50 22 52 14 57 9" fill="none" stroke="#6b3b16" strokeWidth="4" strokeLinecap="round" />
      <path d="M55 20 C62 8 78 10 80 14 C72 24 62 24 55 20 Z" fill="#4cb050" stroke="#1e5e22" strokeWidth="2" />
    </>
  ),
  bar: (
    <>
      <rect x="8" y="30" width="84" height="40" rx="8" fill="#1d1d22" stroke="#e9c46a" strokeWidth="4" />
      <rect x="14" y="36" width="72" height="6" rx="3" fill="#ffffff" opacity="0.12" />
      <text
        x="50"
        y="62"
        textAnchor="middle"
        fontFamily="Arial Black, Arial, sans-serif"
        fontWeight="900"
        fontSize="26"
        fill="#f6dd9a"
        letterSpacing="2"
      >
        BAR
      </text>
    </>
  ),
  cherry: (
    <>
      <path d="M34 64 C38 44 46 26 62 14 M68 60 C66 42 64 28 62 14" fill="none" stroke="#3f7d2a" strokeWidth="4" strokeLinecap="round" />
      <path d="M62 14 C70 6 86 8 88 14 C80 22 68 22 62 14 Z" fill="#4cb050" stroke="#1e5e22" strokeWidth="2" />
      <circle cx="32" cy="70" r="17" fill="#d3213b" stroke="#6d0b1a" strokeWidth="3" />
      <circle cx="68" cy="68" r="17" fill="#e5334d" stroke="#6d0b1a" strokeWidth="3" />
      <circle cx="26" cy="64" r="4.5" fill="#ffd6dc" opacity="0.85" />
      <circle cx="62" cy="62" r="4.5" fill="#ffd6dc" opacity="0.85" />
    </>
  ),
  crown: (
    <>
      <path d="M14 74 L10 30 L32 50 L50 20 L68 50 L90 30 L86 74 Z" fill="#f2c230" stroke="#8a5a08" strokeWidth="3" strokeLinejoin="round" />
      <rect x="13" y="72" width="74" height="12" rx="3" fill="#e0a91a" stroke="#8a5a08" strokeWidth="3" />
      <circle cx="10" cy="28" r="5" fill="#fff2b0" stroke="#8a5a08" strokeWidth="2" />
      <circle cx="50" cy="17" r="5" fill="#fff2b0" stroke="#8a5a08" strokeWidth="2" />
      <circle cx="90" cy="28" r="5" fill="#fff2b0" stroke="#8a5a08" strokeWidth="2" />
      <circle cx="50" cy="58" r="7" fill="#d3213b" stroke="#6d0b1a" strokeWidth="2" />
      <circle cx="30" cy="63" r="4.5" fill="#2f7fe0" stroke="#123f77" strokeWidth="2" />
      <circle cx="70" cy="63" r="4.5" fill="#2f7fe0" stroke="#123f77" strokeWidth="2" />
    </>
  ),
  lemon: (
    <>
      <path
        d="M8 52 C14 50 16 44 22 36 C34 22 66 22 78 36 C84 44 86 50 92 52 C86 54 84 60 78 68 C66 82 34 82 22 68 C16 60 14 54 8 52 Z"
        fill="#f7dc3b"
        stroke="#9a7c06"
        strokeWidth="3"
        strokeLinejoin="round"
      />
      <path d="M30 40 C38 33 50 31 60 33" fill="none" stroke="#fff8c4" strokeWidth="5" strokeLinecap="round" opacity="0.85" />
    </>
  ),
  red_seven: (
    <>
      <path d={SEVEN} fill="#e0262f" stroke="#5e0a0e" strokeWidth="4" strokeLinejoin="round" />
      <path d="M24 19 H76" stroke="#ffb3b3" strokeWidth="3" strokeLinecap="round" opacity="0.8" />
    </>
  ),
  triple_seven: (
    <>
      <rect x="4" y="10" width="92" height="80" rx="12" fill="#2a1140" stroke="#e9c46a" strokeWidth="3" />
      {[-27, 0, 27].map((dx) => (
        <path
          key={dx}
          d={SEVEN}
          transform={`translate(${50 + dx} 52) scale(0.42) translate(-50 -50)`}
          fill={dx === 0 ? '#f6dd9a' : '#e0262f'}
          stroke="#5e0a0e"
          strokeWidth="6"
          strokeLinejoin="round"
        />
      ))}
      <rect x="12" y="76" width="76" height="5" rx="2.5" fill="#e9c46a" opacity="0.7" />
    </>
  ),
};

export function SymbolArt({ symbol, label }: { symbol: BanditSymbol; label?: string }) {
  return (
    <svg
      className="slot-symbol"
      viewBox="0 0 100 100"
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    >
      {art[symbol]}
    </svg>
  );
}
