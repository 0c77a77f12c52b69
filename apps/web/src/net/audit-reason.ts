/**
 * The request options of an admin write: the reason typed in the confirm dialog rides in the
 * `X-Audit-Reason` header, URI-encoded (header values are Latin-1, reasons come in any language),
 * and the server keeps it in the write's audit line. DELETEs carry it too: they have no body.
 */
export function withAuditReason(reason: string): { headers: { 'X-Audit-Reason': string } } {
  return { headers: { 'X-Audit-Reason': encodeURIComponent(reason) } };
}
