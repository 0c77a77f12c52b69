import { describe, expect, it } from 'vitest';
import { userActiveAssetsAnswer } from './assets.js';
import { roomWatchHeaders } from './rooms.js';

describe('user-active-assets answer', () => {
  it('accepts assets_dict keyed by number with typed items', () => {
    const answer = { assets_dict: { '1': [{ type: 'CARD_BACK', url: '/cards/back.svg' }] } };
    expect(userActiveAssetsAnswer.parse(answer)).toEqual(answer);
  });

  it.each([
    ['a key that is not a number', { assets_dict: { one: [] } }],
    ['an unknown asset type', { assets_dict: { '1': [{ type: 'HAT', url: '/x.png' }] } }],
    ['an item without url', { assets_dict: { '1': [{ type: 'CARD_BACK' }] } }],
  ])('refuses %s', (_name, answer) => {
    expect(userActiveAssetsAnswer.safeParse(answer).success).toBe(false);
  });
});

describe('room watch headers', () => {
  it('take an optional room password of at most 64 characters', () => {
    expect(roomWatchHeaders.parse({})).toEqual({});
    expect(roomWatchHeaders.parse({ 'x-room-password': 'hunter22' })).toEqual({ 'x-room-password': 'hunter22' });
    expect(roomWatchHeaders.safeParse({ 'x-room-password': 'x'.repeat(65) }).success).toBe(false);
  });
});
