/** A route's numeric id (`/admin/user/{id}`, `/tournament/{id}`): a positive whole number, else null. */
export function routeId(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,15}$/.test(raw)) return null;
  const id = Number(raw);
  return id >= 1 && Number.isSafeInteger(id) ? id : null;
}
