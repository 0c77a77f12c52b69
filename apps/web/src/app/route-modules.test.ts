import { describe, expect, it } from 'vitest';
import { tablePath } from '../routes/paths';
import { pageModuleOf, startPageModule } from './route-modules';

describe('the page a path opens', () => {
  it.each([
    ['/auth/login', 'login'],
    ['/auth/registration/', 'registration'],
    ['/', 'main'],
    ['/career', 'main'],
    ['/games', 'games'],
    ['/durak/42', 'table'],
    ['/tournament/7', 'tournament'],
    ['/replay/31', 'replay'],
    ['/bandit', 'bandit'],
    ['/admin/users', 'admin'],
    ['/durak', undefined],
    ['/nowhere', undefined],
  ])('%s -> %s', (path, page) => {
    expect(pageModuleOf(path)).toBe(page);
  });

  it('opens the table at the path every link to a room is built with', () => {
    expect(tablePath(42)).toBe('/durak/42');
    expect(pageModuleOf(tablePath(42))).toBe('table');
    expect(pageModuleOf(tablePath('7'))).toBe('table');
  });

  it("starts the lobby's texts with its code, and nothing for a signed-out visitor's lobby", () => {
    expect(startPageModule('/games', true)).toEqual(['game', 'rules']);
    expect(startPageModule('/games', false)).toEqual([]);
    expect(startPageModule('/auth/login', false)).toEqual([]);
    // A replay's step names and its cards' names load beside its code.
    expect(startPageModule('/replay/31', true)).toEqual(['game', 'replay']);
  });
});
