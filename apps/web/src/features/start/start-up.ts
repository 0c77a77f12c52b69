import type { Me, TelegramAuthRequest } from '@durak/protocol';
import { api } from '../../net/api';
import { clearSession, hasSession, isSessionExpired, saveSession } from '../../net/session';

/** SPEC §2: the start screen's progress steps. */
export const START_STEPS = [10, 40, 60, 70, 99] as const;
export const STEP_WAIT_MS = 120;

export type StartUpOutcome = { kind: 'loaded'; user: Me } | { kind: 'signed_out' };

export interface StartUpDeps {
  isMiniApp(): boolean;
  /** Host set-up (mini-app) and anything else the first screen needs. */
  prepare(): Promise<void>;
  /** Inside the mini-app: sign in with the host's init data. */
  miniAppSignIn(): Promise<void>;
  loadUser(): Promise<Me>;
  isSignedOut(): boolean;
  wait(ms: number): Promise<void>;
}

/**
 * Loads the signed-in user, reporting 10, 40, 60, 70, 99 on the way. Outside the mini-app an
 * expired or missing session ends signed out (SPEC §4); inside it the host signs the user in.
 * Any other failure rejects, and the start screen offers a retry.
 */
export async function runStartUp(onProgress: (percent: number) => void, deps: StartUpDeps): Promise<StartUpOutcome> {
  onProgress(START_STEPS[0]);
  await deps.prepare();
  const hasValidSession = hasSession() && !isSessionExpired();
  // With a session at hand the user is asked for now, during the steps' waits rather than after
  // them: the first screen comes that much sooner (FEATURES §6 first load).
  const early = hasValidSession ? deps.loadUser() : null;
  early?.catch(() => undefined); // awaited below; this only keeps it from counting as unhandled
  await deps.wait(STEP_WAIT_MS);
  onProgress(START_STEPS[1]);
  if (deps.isMiniApp()) {
    if (!hasValidSession) await deps.miniAppSignIn();
  } else if (!hasValidSession) {
    clearSession();
    return { kind: 'signed_out' };
  }
  await deps.wait(STEP_WAIT_MS);
  onProgress(START_STEPS[2]);
  let user: Me;
  try {
    // 60% stays up for a step even when the user came back during the earlier waits.
    [user] = await Promise.all([early ?? deps.loadUser(), deps.wait(STEP_WAIT_MS)]);
  } catch (error) {
    // A failed refresh outside the mini-app has already cleared the session.
    if (deps.isSignedOut()) return { kind: 'signed_out' };
    throw error;
  }
  onProgress(START_STEPS[3]);
  await deps.wait(STEP_WAIT_MS);
  onProgress(START_STEPS[4]);
  await deps.wait(STEP_WAIT_MS);
  return { kind: 'loaded', user };
}

export async function signInWithHost(payload: TelegramAuthRequest): Promise<void> {
  saveSession(await api.telegramAuth(payload));
}
