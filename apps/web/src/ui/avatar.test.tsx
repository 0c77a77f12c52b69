import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Avatar } from './avatar';

afterEach(cleanup);

describe('Avatar', () => {
  it('shows an https image', () => {
    const { container } = render(<Avatar url="https://cdn.example/me.webp" name="Ivan" />);
    expect(container.querySelector('img')?.getAttribute('src')).toBe('https://cdn.example/me.webp');
  });
  it('shows our own upload, which the server answers as a relative path', () => {
    const { container } = render(<Avatar url="/uploads/avatars/me.webp" name="Ivan" />);
    expect(container.querySelector('img')?.getAttribute('src')).toBe('/uploads/avatars/me.webp');
  });
  it('shows the placeholder with the initial for anything else', () => {
    const { container } = render(<Avatar url="http://cdn.example/me.webp" name="ivan" />);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByTestId('avatar-placeholder').textContent).toBe('I');
  });
});
