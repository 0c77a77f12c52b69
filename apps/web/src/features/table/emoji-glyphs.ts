// Twemoji graphics (CC-BY 4.0, via the MIT-licensed @twemoji/svg package): Vite copies each
// imported file into our own build, so the emoji come from our origin and draw in colour on
// every platform, also where the system has no colour emoji font (see docs/decisions.md).
// `?no-inline`: files the browser caches, not data URLs inside the table's script.
import angry from '@twemoji/svg/1f620.svg?no-inline';
import beer from '@twemoji/svg/1f37a.svg?no-inline';
import cool from '@twemoji/svg/1f60e.svg?no-inline';
import cry from '@twemoji/svg/1f622.svg?no-inline';
import egg from '@twemoji/svg/1f95a.svg?no-inline';
import flowers from '@twemoji/svg/1f490.svg?no-inline';
import heart from '@twemoji/svg/2764.svg?no-inline';
import kiss from '@twemoji/svg/1f48b.svg?no-inline';
import laugh from '@twemoji/svg/1f602.svg?no-inline';
import neutral from '@twemoji/svg/1f642.svg?no-inline';
import poop from '@twemoji/svg/1f4a9.svg?no-inline';
import smile from '@twemoji/svg/1f60a.svg?no-inline';
import thinking from '@twemoji/svg/1f914.svg?no-inline';
import thumbsUp from '@twemoji/svg/1f44d.svg?no-inline';
import tomato from '@twemoji/svg/1f345.svg?no-inline';

/** The catalogue's emoji names and their pictures. */
const IMAGES: Record<string, string> = {
  smile,
  laugh,
  heart,
  cool,
  thinking,
  cry,
  angry,
  thumbs_up: thumbsUp,
  tomato,
  egg,
  poop,
  flowers,
  beer,
  kiss,
};

/** What an emoji name is drawn with: a picture of ours, or the name itself when it is an emoji we do not ship. */
export type EmojiLook = { src: string } | { text: string };

/** An unknown name that is itself an emoji is drawn as text; any other falls back to a neutral face. */
export function emojiLook(name: string): EmojiLook {
  const src = IMAGES[name];
  if (src) return { src };
  return /\p{Extended_Pictographic}/u.test(name) ? { text: name } : { src: neutral };
}
