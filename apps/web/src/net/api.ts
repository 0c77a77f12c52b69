import type {
  AvatarUploaded,
  ChangeUsernameAnswer,
  LoginRequest,
  Me,
  PermissionMe,
  RegistrationRequest,
  TelegramAuthRequest,
  TokenPair,
  UserActiveAssetsAnswer,
} from '@durak/protocol';
import { withDeviceId } from './device-id';
import { http } from './http';

/** Typed calls of the platform API (DESIGN §7). */
export const api = {
  register: (body: RegistrationRequest) => http.post<TokenPair>('/user/registration', withDeviceId(body)).then((r) => r.data),
  login: (body: LoginRequest) => http.post<TokenPair>('/user/login', withDeviceId(body)).then((r) => r.data),
  telegramAuth: (body: TelegramAuthRequest) => http.post<TokenPair>('/user/telegram/auth', withDeviceId(body)).then((r) => r.data),
  logout: (refreshToken: string) => http.post('/user/logout', { refresh_token: refreshToken }).then(() => undefined),
  me: (signal?: AbortSignal) => http.get<Me>('/user/users/me', signal ? { signal } : {}).then((r) => r.data),
  changeUsername: (username: string) => http.put<ChangeUsernameAnswer>('/user/username', { username }).then((r) => r.data),
  /** The server resizes and re-encodes the image; the answer is the new avatar's URL. */
  uploadAvatar: (file: Blob) => {
    const form = new FormData();
    form.append('file', file);
    return http.post<AvatarUploaded>('/avatars/upload-image/', form).then((r) => r.data);
  },
  permissions: () => http.get<PermissionMe>('/permission/me').then((r) => r.data),
  activeAssets: () => http.get<UserActiveAssetsAnswer>('/assets/user-active-assets').then((r) => r.data),
};
