import unhomoglyph from 'unhomoglyph';

/**
 * What the chat's mask compares (FEATURES.md §17, found by attacking: 183 of 215 disguised swears
 * passed a mask that only lower-cased whole words). A word is compared by its normal form, and a
 * block-list word by the same one, so a disguise has to survive all of these steps:
 * - NFKC (full-width `ｆｕｃｋ`), lower case, ё read as е;
 * - combining marks dropped (`fück`), after NFD;
 * - the usernames' confusable skeleton (`accounts/username-skeleton.ts`: Latin `y` in `сyка`), for
 *   letters outside ASCII;
 * - symbol and digit swaps (`sh1t`, `$hit`, `@ss`), an asterisk standing for one letter (`f*ck`);
 * - repeated letters read once or twice (`fuuuck`, `сууука`).
 * Format characters (zero-width spaces and joiners) are removed from the text before it is split
 * into words, and single letters split by separators (`f u c k`, `f.u.c.k`) are read as one word.
 */

/** Zero-width and other format characters (Unicode Cf) and the fillers that render as nothing. */
const invisible = /[\p{Cf}\u115F\u1160\u3164\uFFA0\u2800]|\u034F/gu;

/** The text without zero-width and format characters; a joiner inside an emoji sequence stays. */
export function withoutInvisibles(text: string): string {
  return text.replace(invisible, (c, offset: number, whole: string) =>
    c === '\u200D' && /\p{Extended_Pictographic}/u.test(whole.slice(Math.max(0, offset - 2), offset)) ? c : '',
  );
}

/** Digits and symbols players use for letters. `1` is also `l` by the skeleton, tried as well. */
const swaps: Readonly<Record<string, string>> = { '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't', '@': 'a', $: 's', '!': 'i' };

/**
 * A word's normal form: no marks, lower case, and every letter outside ASCII replaced by its
 * confusable skeleton. ASCII keeps its own letters: the skeleton would read `rn` as `m`, so `pom`
 * would be `porn`. `ĸ` (the skeleton of Cyrillic `к`) is read as `k`, so `cyka` is `сука`.
 */
function skeleton(text: string): string {
  const folded = text.normalize('NFKC').toLowerCase().replaceAll('ё', 'е').normalize('NFD').replace(/\p{M}/gu, '');
  const mapped = folded.replace(/[^\p{ASCII}]/gu, (c) => unhomoglyph(c).replaceAll('ĸ', 'k'));
  return mapped.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The normal form of a block-list word (no swaps, no wildcards: the lists hold plain words). */
export function normalWord(word: string): string {
  return skeleton(word);
}

const maxRuns = 6;

/** Every way of reading each run of one repeated letter as one or two of it (`fuuuck`: fuck, fuuck). */
function runReadings(word: string): string[] {
  const runs = [...word.matchAll(/(.)\1+/gu)];
  if (runs.length === 0) return [word];
  if (runs.length > maxRuns) return [word.replace(/(.)\1+/gu, '$1')];
  let readings = [''];
  let last = 0;
  for (const run of runs) {
    const between = word.slice(last, run.index);
    const letter = run[1]!;
    readings = readings.flatMap((r) => [r + between + letter, r + between + letter + letter]);
    last = run.index + run[0].length;
  }
  return readings.map((r) => r + word.slice(last));
}

const latin = 'abcdefghijklmnopqrstuvwxyz';
const cyrillic = 'абвгдежзийклмнопрстуфхцчшщъыьэюя';
const maxWildcardWord = 16;

/** A `*` inside a word stands for any one letter of the word's own alphabet (at most two of them). */
function wildcardReadings(word: string): string[] {
  const stars = word.split('*').length - 1;
  if (stars === 0) return [word];
  if (stars > 2 || word.length > maxWildcardWord || /^\*|\*$/.test(word)) return [];
  const letters = /[а-я]/u.test(word) ? cyrillic : latin;
  let readings = [word];
  for (let i = 0; i < stars; i++) readings = readings.flatMap((r) => [...letters].map((l) => r.replace('*', l)));
  return readings;
}

/**
 * The normal forms a written word may stand for: with and without the digit and symbol swaps,
 * each asterisk read as a letter, each run of a letter read once or twice. Few in practice (a word
 * of six runs and two asterisks is the worst case), so a set lookup per reading stays cheap.
 */
export function readingsOf(word: string): Set<string> {
  const lowered = word.normalize('NFKC').toLowerCase();
  const swapped = lowered.replace(/[0-9@$!]/g, (c) => swaps[c] ?? c);
  const out = new Set<string>();
  for (const written of new Set([lowered, swapped])) {
    for (const spelled of wildcardReadings(written)) {
      const normal = skeleton(spelled);
      for (const reading of runReadings(normal)) out.add(reading);
    }
  }
  return out;
}

/** Latin spellings of Cyrillic letters, the first the common one (`х`: h, kh, x). */
const transliteration: Readonly<Record<string, readonly string[]>> = {
  а: ['a'],
  б: ['b'],
  в: ['v'],
  г: ['g'],
  д: ['d'],
  е: ['e'],
  ж: ['zh', 'j'],
  з: ['z'],
  и: ['i'],
  й: ['y', 'i', 'j'],
  к: ['k'],
  л: ['l'],
  м: ['m'],
  н: ['n'],
  о: ['o'],
  п: ['p'],
  р: ['r'],
  с: ['s'],
  т: ['t'],
  у: ['u', 'y'],
  ф: ['f'],
  х: ['h', 'kh', 'x'],
  ц: ['ts', 'c'],
  ч: ['ch'],
  ш: ['sh'],
  щ: ['sch', 'shch'],
  ъ: [''],
  ы: ['y', 'i'],
  ь: [''],
  э: ['e'],
  ю: ['yu', 'ju'],
  я: ['ya', 'ja'],
};
const maxSpellings = 16;

/** The Latin spellings of a Russian word (`сука`: suka; `хуй`: huy, hui, khuy, ...), at most 16. */
export function latinSpellings(word: string): string[] {
  let spellings = [''];
  for (const letter of word.toLowerCase().replaceAll('ё', 'е')) {
    const options = transliteration[letter];
    if (!options) return [];
    const next = spellings.flatMap((s) => options.map((o) => s + o));
    spellings = next.length > maxSpellings ? spellings.map((s) => s + options[0]) : next;
  }
  return spellings;
}

/** Bidi embeddings, overrides and isolates: they reorder what follows them (U+202A-202E, U+2066-2069). */
const bidiControl = /[\u202A-\u202E\u2066-\u2069]/u;
/** Tag characters (U+E0000-E007F): invisible, and able to carry hidden text. */
const tagCharacter = /[\u{E0000}-\u{E007F}]/u;
/** More than three combining marks on one letter, counted decomposed ("zalgo" text spilling over the lines around it). */
const stackedMarks = /\p{M}{4,}/u;

/**
 * Why a chat text is refused (`chat/invalid_text`, FEATURES.md §17), or undefined when it may be
 * sent: bidi overrides, tag characters, more than 3 combining marks on one letter, or nothing
 * visible once zero-width and format characters are gone.
 */
export function chatTextFault(text: string): string | undefined {
  if (bidiControl.test(text)) return 'contains a bidi override or isolate character';
  if (tagCharacter.test(text)) return 'contains a Unicode tag character';
  if (stackedMarks.test(text.normalize('NFD'))) return 'has more than 3 combining marks on one letter';
  if (withoutInvisibles(text).replace(/[\s\p{M}]/gu, '') === '') return 'has nothing visible';
  return undefined;
}
