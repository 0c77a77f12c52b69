import type {
  AdjustAnswer,
  AdjustInput,
  AdminPromoCode,
  AdminPromoCodePage,
  AdminUser,
  AdminUserSearchPage,
  AgentChildren,
  AgentFigures,
  AgentRows,
  AuditPage,
  Banner,
  BanInput,
  BannerList,
  BanState,
  CountryCounts,
  CreatePromoCodeRequest,
  PromoCodeUsePage,
  UserPatched,
  UserPatchRequest,
} from '@durak/protocol';
import { http } from '../../net/http';

export interface ListQuery {
  page: number;
  limit: number;
  sort?: string;
  order?: 'asc' | 'desc';
  [filter: string]: string | number | undefined;
}
export interface BannerForm {
  name?: string;
  description?: string;
  /** The captions per language as a JSON object (a multipart field is text). */
  captions?: string;
  start_date?: string;
  end_date?: string;
  image?: File;
}

/** The reason of a confirmed action rides in a header, URI-encoded (any language fits). */
const withReason = (reason?: string) => (reason ? { headers: { 'X-Audit-Reason': encodeURIComponent(reason) } } : {});

function formOf(fields: BannerForm): FormData {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    body.append(key, value instanceof File ? value : String(value));
  }
  return body;
}

/** The admin area's calls (FEATURES.md §5). */
export const adminApi = {
  agents: (query: ListQuery) => http.get<AgentRows>('/admin/info/admin/agent', { params: query }).then((r) => r.data),
  agent: (id: number) => http.get<AgentFigures>(`/admin/info/admin/agent/${id}`).then((r) => r.data),
  agentChildren: (id: number, query: ListQuery) =>
    http.get<AgentChildren>(`/admin/info/admin/agent/children/${id}`, { params: query }).then((r) => r.data),
  usersByCountry: (query: ListQuery) => http.get<CountryCounts>('/admin/info/admin/users/country', { params: query }).then((r) => r.data),
  user: (id: number) => http.get<AdminUser>(`/admin/users/${id}`).then((r) => r.data),
  patchUser: (id: number, body: UserPatchRequest, reason?: string) =>
    http.patch<UserPatched>(`/admin/users/${id}`, body, withReason(reason)).then((r) => r.data),
  adjust: (id: number, body: AdjustInput) => http.post<AdjustAnswer>(`/admin/users/${id}/adjust`, body).then((r) => r.data),
  searchUsers: (query: ListQuery) => http.get<AdminUserSearchPage>('/admin/users', { params: query }).then((r) => r.data),
  ban: (id: number, body: BanInput) => http.post<BanState>(`/admin/users/${id}/ban`, body).then((r) => r.data),
  unban: (id: number, reason: string) => http.delete<BanState>(`/admin/users/${id}/ban`, withReason(reason)).then((r) => r.data),
  promoCodes: (query: ListQuery) => http.get<AdminPromoCodePage>('/admin/promocodes', { params: query }).then((r) => r.data),
  createPromoCode: (body: CreatePromoCodeRequest, reason?: string) =>
    http.post<AdminPromoCode>('/admin/promocodes', body, withReason(reason)).then((r) => r.data),
  setPromoCodeActive: (id: number, isActive: boolean, reason?: string) =>
    http.patch<AdminPromoCode>(`/admin/promocodes/${id}`, { is_active: isActive }, withReason(reason)).then((r) => r.data),
  promoCodeUses: (id: number, query: ListQuery) =>
    http.get<PromoCodeUsePage>(`/admin/promocodes/${id}/uses`, { params: query }).then((r) => r.data),
  audit: (query: ListQuery) => http.get<AuditPage>('/admin/audit', { params: query }).then((r) => r.data),
  banners: () => http.get<BannerList>('/admin/banner').then((r) => r.data.items),
  activeBanners: () => http.get<BannerList>('/banner').then((r) => r.data.items),
  banner: (id: number) => http.get<Banner>(`/banner/${id}`).then((r) => r.data),
  createBanner: (fields: BannerForm, reason: string) =>
    http.post<Banner>('/banner', formOf(fields), withReason(reason)).then((r) => r.data),
  updateBanner: (id: number, fields: BannerForm, reason: string) =>
    http.patch<Banner>(`/banner/${id}`, formOf(fields), withReason(reason)).then((r) => r.data),
  deleteBanner: (id: number, reason: string) => http.delete(`/banner/${id}`, withReason(reason)).then(() => undefined),
  reorderBanners: (ids: number[], reason: string) =>
    http.patch<BannerList>('/banners/order/change', { ids }, withReason(reason)).then((r) => r.data.items),
};
