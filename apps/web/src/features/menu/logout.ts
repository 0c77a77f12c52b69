import type { QueryClient } from '@tanstack/react-query';
import { api } from '../../net/api';
import { disconnectRealtime } from '../../net/realtime';
import { clearSession, refreshToken } from '../../net/session';
import { signOut } from '../../state/session-store';

/** Revokes the refresh token on the server (best effort), then forgets the session and the user. */
export async function logout(queryClient: QueryClient): Promise<void> {
  const token = refreshToken();
  if (token) await api.logout(token).catch((error: unknown) => console.warn('Logout call failed', error));
  clearSession();
  disconnectRealtime();
  queryClient.clear();
  signOut(queryClient);
}
