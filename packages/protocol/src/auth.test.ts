import { describe, expect, it } from 'vitest';
import { registrationRequest, username } from './auth.js';

describe('username rules', () => {
  it.each(['ivan', 'Иван_99', 'a.b-c', 'x'.repeat(32)])('accepts %s', (name) => {
    expect(username.safeParse(name).success).toBe(true);
  });
  it.each(['ab', 'x'.repeat(33), "o'; DROP TABLE users;--", '<script>', 'two words', 'zero\u200bwidth', 'emoji😀'])(
    'refuses %s',
    (name) => {
      expect(username.safeParse(name).success).toBe(false);
    },
  );
});

describe('registration', () => {
  it('refuses a lower-case or unknown-shaped country', () => {
    expect(registrationRequest.safeParse({ username: 'ivan', password: 'password1', country: 'ru' }).success).toBe(false);
    expect(registrationRequest.safeParse({ username: 'ivan', password: 'password1', country: 'RU' }).success).toBe(true);
  });
});
