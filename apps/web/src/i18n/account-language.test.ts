import { beforeEach, describe, expect, it } from 'vitest';
import { languageToApply, markLanguageChosen } from './account-language';

beforeEach(() => localStorage.clear());

describe('the account language at start', () => {
  it('applies a Telegram language that is one of the 15', () => {
    expect(languageToApply('uk', 'ru')).toBe('uk');
    expect(languageToApply('kk-KZ', 'ru')).toBe('kk');
  });
  it('leaves a language the web does not have, none at all, and the current one alone', () => {
    expect(languageToApply('de', 'ru')).toBeNull();
    expect(languageToApply(null, 'ru')).toBeNull();
    expect(languageToApply('ru', 'ru')).toBeNull();
  });
  it('never overrides a language the player picked in the menu', () => {
    markLanguageChosen();
    expect(languageToApply('uk', 'en')).toBeNull();
  });
});
