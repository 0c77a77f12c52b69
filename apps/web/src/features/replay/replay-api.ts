import type { ReplayAnswer } from '@durak/protocol';
import { http } from '../../net/http';

/** A private game's password for its replay, as for its table (docs/api.md, Replays). */
const withPassword = (password: string | undefined) => (password ? { headers: { 'X-Room-Password': password } } : {});

/** The replay's one call: everything the page shows comes from this answer and the engine. */
export const replayApi = {
  replay: (roomId: number, password?: string) =>
    http.get<ReplayAnswer>(`/v1/rooms/${roomId}/replay`, withPassword(password)).then((r) => r.data),
};
