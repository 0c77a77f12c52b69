import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../net/api';
import { isMiniApp, ensureMiniApp, miniAppAuthPayload } from '../../device/telegram';
import { afterFirstGesture } from '../../device/first-gesture';
import { routeVibrationToHost } from '../../device/vibrate';
import { showSignedIn, signOut, useSessionStore } from '../../state/session-store';
import { runStartUp, signInWithHost, START_STEPS } from './start-up';
import './start-screen.css';
import { languageToApply } from '../../i18n/account-language';

export const APP_VERSION = '1.3';
export const COPYRIGHT_YEAR = 2024;

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** SPEC §2 start screen: shown until the user is loaded; progress, version and a retry. */
export function StartScreen() {
  const { t, i18n } = useTranslation();
  const [percent, setPercent] = useState<number>(START_STEPS[0]);
  const [hasFailed, setFailed] = useState(false);
  const attempt = useRef(0);
  const queryClient = useQueryClient();

  const start = useCallback(() => {
    const run = ++attempt.current;
    setFailed(false);
    setPercent(START_STEPS[0]);
    const onProgress = (p: number) => run === attempt.current && setPercent(p);
    runStartUp(onProgress, {
      isMiniApp,
      prepare: async () => {
        if (isMiniApp()) routeVibrationToHost(await ensureMiniApp());
      },
      miniAppSignIn: async () => {
        await ensureMiniApp();
        await signInWithHost(miniAppAuthPayload());
      },
      loadUser: () => api.me(),
      isSignedOut: () => useSessionStore.getState().isSignedOut,
      wait,
    }).then(
      (outcome) => {
        if (run !== attempt.current) return;
        if (outcome.kind === 'loaded') {
          showSignedIn(queryClient, outcome.user);
          const language = languageToApply(outcome.user.language, i18n.language);
          if (language) void i18n.changeLanguage(language);
          // Priority sounds first, the rest in batches, from the first tap (audio is locked until
          // then); howler stays out of the start route's bundle. The slot machine's wait for /bandit.
          afterFirstGesture(() => void import('../../device/sound-player').then(({ preloadSounds }) => preloadSounds('durak')));
        } else signOut(queryClient);
      },
      (error: unknown) => {
        if (run !== attempt.current) return;
        console.error('Start-up failed', error);
        setFailed(true);
      },
    );
  }, [i18n, queryClient]);

  useEffect(() => {
    start();
    return () => {
      attempt.current += 1;
    };
  }, [start]);

  return (
    <main className="start-screen">
      <div className="start-hero">
        <img className="start-cards" src="/start-cards.svg" alt="" width={640} height={470} />
        <h1 className="start-title">{t('app.title')}</h1>
        <p className="start-tagline">{t('app.tagline')}</p>
      </div>
      <div className="start-bottom">
        {hasFailed ? (
          <div className="start-failed" role="alert">
            <p>{t('start.failed')}</p>
            <button type="button" className="btn btn-gold" onClick={start}>
              {t('start.retry')}
            </button>
          </div>
        ) : (
          <div className="start-progress" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
            <div className="start-progress-track">
              <div className="start-progress-fill" style={{ width: `${percent}%` }} />
            </div>
            <p className="start-progress-text" data-testid="start-progress">
              {t('start.loading', { percent })}
            </p>
          </div>
        )}
        <p className="start-copyright">{t('start.copyright', { year: COPYRIGHT_YEAR })}</p>
        <p className="start-version" data-testid="start-version">
          {t('start.version', { version: APP_VERSION })}
        </p>
      </div>
    </main>
  );
}
