import type { ChatHistory, ChatMessage, ChatPhraseList, ReportBody, ReportCreated, SendChatRequest } from '@durak/protocol';
import { http } from '../../../net/http';

/** The table chat's calls (FEATURES.md §11). */
export const chatApi = {
  phrases: () => http.get<ChatPhraseList>('/v1/chat/phrases').then((r) => r.data.items),
  /** A private room's spectator sends its password, as for the table's other reads (docs/decisions.md). */
  history: (roomId: string, password?: string) =>
    http
      .get<ChatHistory>(`/v1/rooms/${roomId}/chat`, password ? { headers: { 'X-Room-Password': password } } : {})
      .then((r) => r.data.items),
  send: (roomId: string, body: SendChatRequest) => http.post<ChatMessage>(`/v1/rooms/${roomId}/chat`, body).then((r) => r.data),
  report: (roomId: string, body: ReportBody, password?: string) =>
    http
      .post<ReportCreated>(`/v1/rooms/${roomId}/report`, body, password ? { headers: { 'X-Room-Password': password } } : {})
      .then((r) => r.data),
};
