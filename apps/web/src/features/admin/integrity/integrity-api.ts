import type { IntegrityCaseDetail, IntegrityCasePage, IntegrityConfirmRequest } from '@durak/protocol';
import { http } from '../../../net/http';
import type { ListQuery } from '../admin-api';

const base = '/admin/integrity/cases';
/** The reason of an action rides in a header, URI-encoded (any language fits), into the audit log. */
const withReason = (reason: string) => ({ headers: { 'X-Audit-Reason': encodeURIComponent(reason) } });

/** Fair play's admin calls (FEATURES.md §12). */
export const integrityApi = {
  list: (query: ListQuery) => http.get<IntegrityCasePage>(base, { params: query }).then((r) => r.data),
  read: (id: number) => http.get<IntegrityCaseDetail>(`${base}/${id}`).then((r) => r.data),
  freeze: (id: number, reason: string) =>
    http.post<IntegrityCaseDetail>(`${base}/${id}/freeze`, {}, withReason(reason)).then((r) => r.data),
  dismiss: (id: number, reason: string) =>
    http.post<IntegrityCaseDetail>(`${base}/${id}/dismiss`, {}, withReason(reason)).then((r) => r.data),
  confirm: (id: number, action: IntegrityConfirmRequest['action'], reason: string) =>
    http.post<IntegrityCaseDetail>(`${base}/${id}/confirm`, { action }, withReason(reason)).then((r) => r.data),
};
