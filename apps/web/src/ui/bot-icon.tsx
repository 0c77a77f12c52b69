/** A small robot head: marks a computer player (drawn, not an emoji: not every device has the glyph). */
export function BotIcon({ size = 14 }: { size?: number }) {
  return (
    <svg className="bot-icon" viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false">
      <path d="M12 2.5v3" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      <circle cx="12" cy="2.5" r="1.6" fill="currentColor" />
      <rect x="4" y="6.5" width="16" height="13" rx="4" fill="currentColor" />
      <circle cx="9" cy="12.5" r="2" fill="#0b2a1c" />
      <circle cx="15" cy="12.5" r="2" fill="#0b2a1c" />
      <path d="M9 16.5h6" stroke="#0b2a1c" strokeWidth="1.6" strokeLinecap="round" />
      <path d="M2 11v4M22 11v4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
