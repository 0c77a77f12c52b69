/** The catalogue's emoji names drawn as Unicode; an unknown name falls back to a neutral face. */
const GLYPHS: Record<string, string> = {
  smile: '😊', laugh: '😂', heart: '❤️', cool: '😎', thinking: '🤔', cry: '😢', angry: '😠', thumbs_up: '👍',
  tomato: '🍅', egg: '🥚', poop: '💩', flowers: '💐', beer: '🍺', kiss: '💋',
};

export function emojiGlyph(name: string): string {
  return GLYPHS[name] ?? (/\p{Extended_Pictographic}/u.test(name) ? name : '🙂');
}
