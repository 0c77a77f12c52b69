import type { LimitsAnswer, LimitsChangeRequest } from '@durak/protocol';
import { http } from '../../net/http';

/** Responsible play's calls (FEATURES.md §13); every one answers the player's limits as they now stand. */
export const responsibleApi = {
  limits: () => http.get<LimitsAnswer>('/user/limits').then((r) => r.data),
  change: (body: LimitsChangeRequest) => http.put<LimitsAnswer>('/user/limits', body).then((r) => r.data),
  takeBreak: (days: number) => http.post<LimitsAnswer>('/user/timeout', { days }).then((r) => r.data),
  selfExclude: (months: number) => http.post<LimitsAnswer>('/user/self-exclusion', { months }).then((r) => r.data),
  confirmAge: (birthDate: string) => http.post<LimitsAnswer>('/user/age-confirmation', { birth_date: birthDate }).then((r) => r.data),
  answerRealityCheck: (choice: 'keep_playing' | 'stop') => http.post<LimitsAnswer>('/user/reality-check', { choice }).then((r) => r.data),
};
