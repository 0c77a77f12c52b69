import { describe, expect, it } from 'vitest';
import { chatTextFault } from './chat-text.js';
import { maskProfanity } from './mask-profanity.js';

describe('maskProfanity', () => {
  it.each([
    ['an English swear word is starred out, its length kept', 'you are an asshole, mate', 'you are an *******, mate'],
    ['a Russian one too, whatever its case', 'Ну ты и ПИЗДЕЦ', 'Ну ты и ******'],
    ['ё and е are the same letter to the list', 'долбоеб', '*******'],
    ['a French one', 'quel connard', 'quel *******'],
    ['a word that merely contains a blocked one is left alone', 'a classic class pass', 'a classic class pass'],
    ['clean text comes back unchanged', 'Хорошая игра! Good game.', 'Хорошая игра! Good game.'],
  ])('%s', (_name, text, masked) => {
    expect(maskProfanity(text)).toBe(masked);
  });

  it('masks only with the languages asked for', () => {
    expect(maskProfanity('asshole пиздец', ['ru'])).toBe('asshole ******');
  });
});

// FEATURES.md §17: the attack's disguises, each of which passed a mask that only lower-cased words.
describe('the mask sees through disguises', () => {
  it.each([
    ['a Latin y inside a Cyrillic word', 'ты сyка', 'ты ****'],
    ['Latin look-alikes for a whole Cyrillic word', 'cyka blyat', '**** *****'],
    ['letters spaced out', 'f u c k you', '******* you'],
    ['letters split by dots, underscores or dashes', 'f.u.c.k f_u_c_k f-u-c-k', '******* ******* *******'],
    ['a word split in two', 'fu ck off', '***** off'],
    ['repeated letters', 'fuuuck and сууука', '****** and ******'],
    ['full-width letters', 'ｆｕｃｋ', '****'],
    ['digits and symbols for letters', 'sh1t $hit sh!t a$$hole', '**** **** **** *******'],
    ['an asterisk for a letter', 'f*ck п*здец', '**** ******'],
    ['a zero-width space inside, which is removed', 'fu\u200Bck', '****'],
    ['a combining mark on a letter', 'fu\u0308ck', '*****'],
    ['common suffixes', 'fucker shitty сукой', '****** ****** *****'],
    ['a Russian swear in Latin letters', 'suka pizdec blyad', '**** ****** *****'],
    ['punctuation around stays', '*fuck*! FUCK!!!', '******! ****!!!'],
  ])('%s', (_name, text, masked) => {
    expect(maskProfanity(text)).toBe(masked);
  });

  it.each([
    'Good game, well played!',
    'I see you are a good player, look at her cards',
    'pom pom, is it ok? as is, a b c d e',
    'gg wp 👨‍👩‍👧 🃏 I have 100 chips',
    'Дурак с переводом, удачи! Bonne partie, merci',
  ])('leaves clean text alone: %s', (text) => {
    expect(maskProfanity(text)).toBe(text);
  });
});

describe('chatTextFault (400 chat/invalid_text)', () => {
  it.each([
    ['a bidi override', 'gg \u202Ewp'],
    ['a bidi isolate', '\u2067abc\u2069'],
    ['only zero-width characters', '\u200B\u200C\u200D\u2060'],
    ['only a filler that renders as nothing', '\u3164 \u2800'],
    ['a tag character', 'hi\u{E0041}'],
    ['four combining marks on one letter', 'a\u0301\u0302\u0303\u0304'],
    ['three marks on a letter that already carries one', '\u00e1\u0302\u0303\u0304'],
  ])('refuses %s', (_name, text) => {
    expect(chatTextFault(text)).toBeDefined();
  });

  it.each(['gg wp', 'Удачи 🍀', 'Việt', '👨‍👩‍👧', 'שלום עולם', 'a\u0301\u0302\u0303'])('takes %s', (text) => {
    expect(chatTextFault(text)).toBeUndefined();
  });
});
