import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CaptionFields } from './banner-captions-fields';

const i18n = i18next.createInstance();
beforeAll(async () => {
  const admin = JSON.parse(readFileSync(join(import.meta.dirname, '../../../../public/locales/en/admin.json'), 'utf8')) as Record<
    string,
    unknown
  >;
  await i18n.use(initReactI18next).init({ lng: 'en', resources: { en: { admin } }, interpolation: { escapeValue: false } });
});
afterEach(cleanup);

const wrap = (captions: Record<string, string>, invalidLanguage?: string, onChange = vi.fn()) =>
  render(
    <I18nextProvider i18n={i18n}>
      <CaptionFields captions={captions} onChange={onChange} invalidLanguage={invalidLanguage} />
    </I18nextProvider>,
  );

describe('the banner captions per language', () => {
  it('offers a box for each of the 15 languages, folded while none holds text', () => {
    wrap({});
    const details = screen.getByTestId('banner-captions') as HTMLDetailsElement;
    expect(details.open).toBe(false);
    expect([...details.querySelectorAll('textarea')].map((t) => t.lang)).toEqual([
      'ru',
      'hy',
      'az',
      'be',
      'en',
      'et',
      'kk',
      'ky',
      'lv',
      'lt',
      'ro',
      'tg',
      'tk',
      'uk',
      'uz',
    ]);
    expect(details.querySelector('summary')?.textContent).toBe('Caption in each language (0/15)');
  });

  it('starts open with a caption, counts it, and reports what is typed with its language', () => {
    const onChange = vi.fn();
    wrap({ uk: 'Кубок' }, undefined, onChange);
    const details = screen.getByTestId('banner-captions') as HTMLDetailsElement;
    expect(details.open).toBe(true);
    expect(details.querySelector('summary')?.textContent).toBe('Caption in each language (1/15)');
    fireEvent.change(details.querySelector('textarea[lang="kk"]')!, { target: { value: 'Кубок' } });
    expect(onChange).toHaveBeenCalledWith('kk', 'Кубок');
  });

  it('opens and marks the language the server refused', () => {
    const { rerender } = wrap({});
    rerender(
      <I18nextProvider i18n={i18n}>
        <CaptionFields captions={{}} onChange={vi.fn()} invalidLanguage="en" />
      </I18nextProvider>,
    );
    const details = screen.getByTestId('banner-captions') as HTMLDetailsElement;
    expect(details.open).toBe(true);
    expect(details.querySelector('textarea[lang="en"]')?.getAttribute('aria-invalid')).toBe('true');
    expect(details.querySelector('textarea[lang="ru"]')?.getAttribute('aria-invalid')).toBeNull();
  });
});
