import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { serverArgs } from './server-command.mjs';

describe('the server command', () => {
  it('is the image CMD, flag for flag', () => {
    const cmd = readFileSync('Dockerfile', 'utf8')
      .split('\n')
      .find((line) => line.startsWith('CMD '));
    expect(cmd && JSON.parse(cmd.slice('CMD '.length))).toEqual(['node', ...serverArgs]);
  });
});
