import { describe, expect, it } from 'vitest';
import { FELT_COLOR, frameColors, markHostTheme } from './host-theme';

const light = { background: '#ffffff', secondaryBackground: '#efeff4', text: '#000000' };

describe('the host frame colours', () => {
  it('follow the host theme away from the felt: header on the background, page on the secondary background', () => {
    expect(frameColors(light, false)).toEqual({ header: '#ffffff', background: '#efeff4', bottomBar: '#ffffff' });
  });

  it('take the host’s own header and bottom bar colours when it has them', () => {
    expect(frameColors({ ...light, headerBackground: '#f5f5f5', bottomBarBackground: '#fafafa' }, false)).toEqual({
      header: '#f5f5f5',
      background: '#efeff4',
      bottomBar: '#fafafa',
    });
  });

  it('are the felt on screens drawn on felt', () => {
    expect(frameColors(light, true)).toEqual({ header: FELT_COLOR, background: FELT_COLOR, bottomBar: FELT_COLOR });
  });

  it('are the felt when the host sent no theme', () => {
    expect(frameColors({}, false)).toEqual({ header: FELT_COLOR, background: FELT_COLOR, bottomBar: FELT_COLOR });
  });
});

describe('marking the document for host-theme.css', () => {
  it('sets the class and the scheme only for a host theme', () => {
    const root = document.createElement('html');
    markHostTheme(root, light, false);
    expect(root.classList.contains('host-theme')).toBe(true);
    expect(root.dataset.hostScheme).toBe('light');
    markHostTheme(root, {}, true);
    expect(root.classList.contains('host-theme')).toBe(false);
  });
});
