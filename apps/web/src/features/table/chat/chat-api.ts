import type { ChatMessage, ChatPhrase, ReportBody } from '@durak/protocol';
import { http } from '../../../net/http';

/** The table chat's calls (FEATURES.md §11). */
export const chatApi = {
  phrases: () => http.get<{ items: ChatPhrase[] }>('/v1/chat/phrases').then((r) => r.data.items),
  history: (roomId: string) => http.get<{ items: ChatMessage[] }>(`/v1/rooms/${roomId}/chat`).then((r) => r.data.items),
  send: (roomId: string, body: { phrase_id: string } | { text: string }) => http.post<ChatMessage>(`/v1/rooms/${roomId}/chat`, body).then((r) => r.data),
  report: (roomId: string, body: ReportBody) => http.post<{ id: number }>(`/v1/rooms/${roomId}/report`, body).then((r) => r.data),
};

export const chatKeys = {
  phrases: ['table-chat', 'phrases'] as const,
  history: (roomId: string) => ['table-chat', 'history', roomId] as const,
};
