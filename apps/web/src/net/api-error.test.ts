import { AxiosError, AxiosHeaders } from 'axios';
import { describe, expect, it } from 'vitest';
import { toApiFailure } from './api-error';

function failed(status: number, data: unknown) {
  const config = { headers: new AxiosHeaders() };
  return new AxiosError('Request failed', 'ERR', config, {}, { status, statusText: '', headers: {}, config, data });
}

describe('toApiFailure', () => {
  it('reads the code, message and a field named in details.field', () => {
    expect(toApiFailure(failed(409, { error: { code: 'user/username_taken', message: 'taken', details: { field: 'username' } } }))).toEqual(
      {
        status: 409,
        code: 'user/username_taken',
        message: 'taken',
        field: 'username',
      },
    );
  });
  it('reads the field from a list of issues with a path', () => {
    const body = { error: { code: 'request/invalid', message: 'bad', details: [{ path: ['password'], message: 'short' }] } };
    expect(toApiFailure(failed(400, body)).field).toBe('password');
    const wrapped = { error: { code: 'request/invalid', message: 'bad', details: { issues: [{ path: ['username'] }] } } };
    expect(toApiFailure(failed(400, wrapped)).field).toBe('username');
  });
  it('names an unreachable server', () => {
    const error = new AxiosError('Network Error', 'ERR_NETWORK');
    expect(toApiFailure(error)).toMatchObject({ status: null, code: 'network/unreachable' });
  });
  it('types the code by the protocol: a misspelt code does not compile', () => {
    const failure = toApiFailure(new Error('boom'));
    expect(failure.code).toBe('client/error');
    // @ts-expect-error 'room/ful' is no code of the protocol's table
    expect(failure.code === 'room/ful').toBe(false);
  });
});
