import type { Banner } from '@durak/protocol';
import { describe, expect, it } from 'vitest';
import { changedFields, draftOf, draftProblem, fromLocalInput, toLocalInput } from './banner-form';

const banner: Banner = {
  id: 1,
  name: 'Cup',
  description: 'Play',
  captions: { en: 'Play now', uk: 'Грай' },
  start_date: '2026-06-10T09:30:00.000Z',
  end_date: '2026-06-20T09:30:00.000Z',
  image: '/uploads/banners/x.webp',
  width: 10,
  height: 5,
  position: 1,
};

describe('banner form', () => {
  it('round-trips a date through the datetime-local input', () => {
    expect(fromLocalInput(toLocalInput(banner.start_date))).toBe(banner.start_date);
  });

  it('an untouched draft changes nothing; a new name changes only the name', () => {
    const draft = draftOf(banner);
    expect(changedFields(banner, draft, null)).toEqual({});
    expect(changedFields(banner, { ...draft, name: 'Cup 2' }, null)).toEqual({ name: 'Cup 2' });
  });

  it.each([
    [{ name: ' ' }, true, 'name'],
    [{ start: '' }, true, 'start_date'],
    [{ end: '2026-06-01T00:00' }, true, 'end_date'],
    [{}, false, 'image'],
    [{}, true, null],
  ])('%j with image=%s -> %s', (change, hasImage, problem) => {
    expect(draftProblem({ ...draftOf(banner), ...change }, hasImage)).toBe(problem);
  });

  it('sends the captions only when they changed, whole, without empty ones; clearing them all sends {}', () => {
    const draft = draftOf(banner);
    expect(changedFields(banner, { ...draft, captions: { ...draft.captions, en: ' Play now ' } }, null)).toEqual({});
    expect(changedFields(banner, { ...draft, captions: { ...draft.captions, kk: 'Ойна', en: '' } }, null)).toEqual({
      captions: JSON.stringify({ kk: 'Ойна', uk: 'Грай' }),
    });
    expect(changedFields(banner, { ...draft, captions: { en: '', uk: ' ' } }, null)).toEqual({ captions: '{}' });
  });
});
