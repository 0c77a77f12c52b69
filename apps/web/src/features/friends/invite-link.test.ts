import { describe, expect, it } from 'vitest';
import { inviteLink, inviterFromSearch, tableInviteLink } from './invite-link';

const names = { bot: 'durak_bot', app: 'play' };

describe('the invite link', () => {
  it('inside Telegram is the mini-app start link carrying pr_<id>', () => {
    expect(inviteLink(42, true, 'https://durak.example', names)).toBe('https://t.me/durak_bot/play?startapp=pr_42');
  });
  it('outside Telegram, or without the bot and app names, is the site’s registration page with ?pr=', () => {
    expect(inviteLink(42, false, 'https://durak.example', names)).toBe('https://durak.example/auth/registration?pr=42');
    expect(inviteLink(42, true, 'https://durak.example', { bot: undefined, app: 'play' })).toBe(
      'https://durak.example/auth/registration?pr=42',
    );
    expect(inviteLink(42, true, 'https://durak.example', { bot: 'x/../evil', app: 'play' })).toBe(
      'https://durak.example/auth/registration?pr=42',
    );
  });
});

describe('the registration page’s ?pr=', () => {
  it.each([
    ['?pr=42', 42],
    ['?x=1&pr=7', 7],
    ['?pr=0', undefined],
    ['?pr=-3', undefined],
    ['?pr=12abc', undefined],
    ['?pr=1e3', undefined],
    ['', undefined],
  ])('%s gives %s', (search, id) => {
    expect(inviterFromSearch(search)).toBe(id);
  });
});

describe('the link to one table', () => {
  it('is the mini-app start link carrying room_<id>, and nothing without valid bot and app names', () => {
    expect(tableInviteLink(15, names)).toBe('https://t.me/durak_bot/play?startapp=room_15');
    expect(tableInviteLink(15, { bot: 'durak_bot', app: undefined })).toBeNull();
    expect(tableInviteLink(15, { bot: 'x/../evil', app: 'play' })).toBeNull();
  });
});
