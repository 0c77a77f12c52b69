import type { IntegrityCaseDetail, IntegrityCasePage, IntegrityConfirmRequest } from '@durak/protocol';
import { http } from '../../../net/http';
import { withAuditReason as withReason } from '../../../net/audit-reason';
import type { ListQuery } from '../admin-api';

const base = '/admin/integrity/cases';

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
