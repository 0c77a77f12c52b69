import { describe, expect, it } from 'vitest';
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
