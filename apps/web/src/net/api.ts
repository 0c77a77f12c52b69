import type { UserActiveAssetsAnswer } from '@durak/protocol';
import { http } from './http';
import type { Tokens } from './session';

export type WalletType = 'BALANCE' | 'BONUS_BALANCE' | (string & {});
export interface Wallet {
  wallet_type: WalletType;
  /** Whole chips as a decimal string. */
  balance: string;
}
export interface User {
  id: number;
  username: string;
  avatar_url: string | null;
  country: string | null;
  language: string | null;
  roles: string[];
  wallets: Wallet[];
}
export interface Permissions {
  roles: string[];
  permissions: string[];
}
export interface Credentials {
  username: string;
  password: string;
}
export interface Registration extends Credentials {
  country?: string;
  language?: string;
  /** The inviter's user id, from the invite link's ?pr= (FEATURES.md §3). */
  pr?: number;
}

/** Typed calls of the platform API (DESIGN §7). */
export const api = {
  register: (body: Registration) => http.post<Tokens>('/user/registration', body).then((r) => r.data),
  login: (body: Credentials) => http.post<Tokens>('/user/login', body).then((r) => r.data),
  telegramAuth: (body: { init_data: string; parent?: number }) => http.post<Tokens>('/user/telegram/auth', body).then((r) => r.data),
  logout: (refreshToken: string) => http.post('/user/logout', { refresh_token: refreshToken }).then(() => undefined),
  me: (signal?: AbortSignal) => http.get<User>('/user/users/me', signal ? { signal } : {}).then((r) => r.data),
  changeUsername: (username: string) => http.put<{ username: string }>('/user/username', { username }).then((r) => r.data),
  /** The server resizes and re-encodes the image; the answer is the new avatar's URL. */
  uploadAvatar: (file: Blob) => {
    const form = new FormData();
    form.append('file', file);
    return http.post<{ avatar_url: string }>('/avatars/upload-image/', form).then((r) => r.data);
  },
  permissions: () => http.get<Permissions>('/permission/me').then((r) => r.data),
  activeAssets: () => http.get<UserActiveAssetsAnswer>('/assets/user-active-assets').then((r) => r.data),
};
