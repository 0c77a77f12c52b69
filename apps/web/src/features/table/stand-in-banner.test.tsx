import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { StandInBanner } from './stand-in-banner';

const i18n = i18next.createInstance();
beforeAll(async () => {
  const game = JSON.parse(readFileSync(join(import.meta.dirname, '../../../public/locales/en/game.json'), 'utf8')) as Record<
    string,
    unknown
  >;
  await i18n.use(initReactI18next).init({ lng: 'en', resources: { en: { game } }, interpolation: { escapeValue: false } });
});
afterEach(cleanup);

const wrap = (node: ReactNode) => render(<I18nextProvider i18n={i18n}>{node}</I18nextProvider>);

describe('the stand-in banner', () => {
  it('says nothing while the player plays their own seat', () => {
    wrap(<StandInBanner isPlayingForMe={false} wasPlayedFor={false} onBack={() => Promise.resolve()} onDismiss={() => {}} />);
    expect(screen.queryByTestId('stand-in-banner')).toBeNull();
  });

  it('while the computer plays, offers "I\'m back", which takes the seat back', async () => {
    const onBack = vi.fn(() => Promise.resolve());
    wrap(<StandInBanner isPlayingForMe wasPlayedFor={false} onBack={onBack} onDismiss={() => {}} />);
    expect(screen.getByTestId('stand-in-banner').textContent).toContain('The computer is playing for you');
    fireEvent.click(screen.getByTestId('stand-in-back'));
    expect(onBack).toHaveBeenCalledTimes(1);
  });

  it('says when taking the seat back failed, so the player can try again', async () => {
    wrap(<StandInBanner isPlayingForMe wasPlayedFor={false} onBack={() => Promise.reject(new Error('offline'))} onDismiss={() => {}} />);
    fireEvent.click(screen.getByTestId('stand-in-back'));
    await waitFor(() => expect(screen.getByTestId('stand-in-banner').textContent).toContain('Could not take the seat back'));
    expect((screen.getByTestId('stand-in-back') as HTMLButtonElement).disabled).toBe(false);
  });

  it('after a return, tells the player the computer played for them, until they close it', () => {
    const onDismiss = vi.fn();
    wrap(<StandInBanner isPlayingForMe={false} wasPlayedFor onBack={() => Promise.resolve()} onDismiss={onDismiss} />);
    expect(screen.getByTestId('stand-in-banner').textContent).toContain('The computer played for you while you were away');
    fireEvent.click(screen.getByTestId('stand-in-dismiss'));
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });
});
