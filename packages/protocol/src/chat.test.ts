import { describe, expect, it } from 'vitest';
import { reportBody, sendChatBody } from './chat.js';

describe('sendChatBody', () => {
  it.each([
    ['a quick phrase', { phrase_id: 'thanks' }, { phrase_id: 'thanks' }],
    ['a text, trimmed', { text: '  gg wp  ' }, { text: 'gg wp' }],
    ['a text in any alphabet with emoji', { text: 'Удачи 🍀' }, { text: 'Удачи 🍀' }],
  ])('takes %s', (_name, body, parsed) => {
    expect(sendChatBody.parse(body)).toEqual(parsed);
  });

  it.each([
    ['nothing', {}],
    ['both', { phrase_id: 'thanks', text: 'hi' }],
    ['a carriage return', { text: 'a\rb' }],
    ['a C1 control character', { text: 'a\u0085b' }],
    ['a DEL character', { text: 'a\u007fb' }],
    ['an unknown field', { phrase_id: 'thanks', colour: 'red' }],
  ])('refuses %s', (_name, body) => {
    expect(sendChatBody.safeParse(body).success).toBe(false);
  });
});

describe('reportBody', () => {
  it('takes a reason from the set or the reporter’s own words, trimmed', () => {
    expect(reportBody.parse({ user_id: 3, reason: 'spam' })).toEqual({ user_id: 3, reason: 'spam' });
    expect(reportBody.parse({ user_id: '3', reason: ' rude ' })).toEqual({ user_id: 3, reason: 'rude' });
  });
});
