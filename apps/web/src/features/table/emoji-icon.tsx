import { emojiLook } from './emoji-glyphs';

/** One emoji as a picture with its name as alt text (the picker, the bubble over a seat). */
export function EmojiIcon({ name, alt, className }: { name: string; alt: string; className?: string }) {
  const look = emojiLook(name);
  if ('text' in look)
    return (
      <span className={className} role="img" aria-label={alt}>
        {look.text}
      </span>
    );
  return <img className={className} src={look.src} alt={alt} draggable={false} data-testid="emoji-img" />;
}
