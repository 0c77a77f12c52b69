import { create } from 'zustand';
import type { QueryClient } from '@tanstack/react-query';
import type { Me } from '@durak/protocol';
import { forgetUser, setUser } from '../net/user-query';

interface SessionState {
  /** True once the session is known to be gone: the router shows the login page. */
  isSignedOut: boolean;
}

/** The session as the router sees it; the user's data is server data and lives in the query cache. */
export const useSessionStore = create<SessionState>()(() => ({ isSignedOut: false }));

/** The start screen loaded the signed-in user (SPEC §3). */
export function showSignedIn(client: QueryClient, user: Me): void {
  setUser(client, user);
  useSessionStore.setState({ isSignedOut: false });
}

/** The session is gone: the user goes with it and the router sends the visitor to login. */
export function signOut(client: QueryClient): void {
  forgetUser(client);
  useSessionStore.setState({ isSignedOut: true });
}

/** A fresh sign-in: forget the old user and let the start screen load the new one. */
export function signIn(client: QueryClient): void {
  forgetUser(client);
  useSessionStore.setState({ isSignedOut: false });
}
