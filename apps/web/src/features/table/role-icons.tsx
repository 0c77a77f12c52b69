// Drawn inline: emoji glyphs for a sword and a shield are missing from many fonts.

export function SwordIcon() {
  return (
    <svg viewBox="0 0 24 24" width="15" height="15" aria-hidden="true">
      <path d="M19.5 2.5 21.5 4.5 11 15 9 13z" fill="#f4f4f4" />
      <path d="M6 12.5 11.5 18l-1.6 1.6-1.8-1.8-2.8 2.8-1.9-1.9 2.8-2.8-1.8-1.8z" fill="#f1c75b" />
    </svg>
  );
}

export function ShieldIcon() {
  return (
    <svg viewBox="0 0 24 24" width="15" height="15" aria-hidden="true">
      <path d="M12 2 20 5v6c0 5-3.4 9.2-8 11-4.6-1.8-8-6-8-11V5z" fill="#f4f4f4" />
      <path d="M12 4.3 18 6.6V11c0 3.9-2.5 7.2-6 8.8z" fill="#9cc9f0" />
    </svg>
  );
}
