import { create } from 'zustand';
import type { Me } from '@durak/protocol';

interface UserState {
  /** The signed-in user once loaded (SPEC §3: may be absent). */
  user: Me | null;
  /** True once the session is known to be gone: the router shows the login page. */
  isSignedOut: boolean;
  setUser(user: Me): void;
  signOut(): void;
  /** A fresh sign-in: forget the old user and let the start screen load the new one. */
  signIn(): void;
}

export const useUserStore = create<UserState>()((set) => ({
  user: null,
  isSignedOut: false,
  setUser: (user) => set({ user, isSignedOut: false }),
  signOut: () => set({ user: null, isSignedOut: true }),
  signIn: () => set({ user: null, isSignedOut: false }),
}));
