import { afterEach, describe, expect, it } from 'vitest';
import { detectMiniApp } from './telegram';

afterEach(() => {
  sessionStorage.clear();
  history.replaceState(null, '', '/');
});

describe('detectMiniApp', () => {
  it('is an ordinary website without the host launch parameters', () => {
    expect(detectMiniApp()).toBe(false);
  });
  it('detects the host from its launch parameters and remembers it for this tab', () => {
    history.replaceState(null, '', '/#tgWebAppData=user%3D1&tgWebAppVersion=8.0&tgWebAppPlatform=ios');
    expect(detectMiniApp()).toBe(true);
    history.replaceState(null, '', '/games');
    expect(detectMiniApp()).toBe(true);
  });
});
