import type { AdminPromoCode, PromoCodeUse } from '@durak/protocol';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { formatChips } from '../../../ui/format';
import { adminApi } from '../admin-api';
import { AdminLayout } from '../ui/admin-layout';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { columnHelper, DataTable } from '../ui/data-table';
import { pagedRows, useListParams } from '../ui/use-list-params';
import { queryKeys } from '../../../net/query-keys';

const codes = columnHelper<AdminPromoCode>();
const uses = columnHelper<PromoCodeUse>();
const CODE = /^[A-Za-z0-9_-]{3,32}$/;
const WHOLE = /^[1-9]\d{0,14}$/;

interface Draft {
  code: string;
  amount: string;
  wallet_type: 'BONUS_BALANCE' | 'BALANCE';
  max_uses: string;
  expires_at: string;
}
const emptyDraft: Draft = { code: '', amount: '', wallet_type: 'BONUS_BALANCE', max_uses: '1', expires_at: '' };

/** /admin/promocodes (FEATURES.md §9): the codes, a new one, switching one off, and who used it. */
export default function PromoCodesPage() {
  const { t, i18n } = useTranslation('admin');
  const queryClient = useQueryClient();
  const list = useListParams({ limit: 20 });
  const [params, setParams] = useSearchParams();
  const shownUses = Number(params.get('uses')) || null;
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const [pending, setPending] = useState<{ kind: 'create' } | { kind: 'toggle'; promo: AdminPromoCode } | null>(null);
  const result = useQuery({
    queryKey: queryKeys.admin.promoCodes(list.query),
    queryFn: () => adminApi.promoCodes(list.query),
    placeholderData: keepPreviousData,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.all });
  const create = useMutation({
    mutationFn: (reason: string) =>
      adminApi.createPromoCode(
        {
          code: draft.code,
          amount: draft.amount,
          wallet_type: draft.wallet_type,
          max_uses: Number(draft.max_uses),
          ...(draft.expires_at ? { expires_at: new Date(draft.expires_at).toISOString() } : {}),
        },
        reason,
      ),
    onSuccess: async () => {
      setDraft(emptyDraft);
      await refresh();
    },
  });
  const toggle = useMutation({
    mutationFn: ({ promo, reason }: { promo: AdminPromoCode; reason: string }) =>
      adminApi.setPromoCodeActive(promo.id, !promo.is_active, reason),
    onSuccess: refresh,
  });
  const date = (iso: string | null) =>
    iso ? new Date(iso).toLocaleString(i18n.language, { dateStyle: 'short', timeStyle: 'short' }) : t('operator.promo.never');
  const columns = useMemo(
    () => [
      codes.accessor('code', { header: t('operator.promo.code'), cell: (c) => <code>{c.getValue()}</code> }),
      codes.accessor('amount', { header: t('operator.promo.amount'), cell: (c) => formatChips(c.getValue()) }),
      codes.accessor('wallet_type', { header: t('operator.promo.wallet'), cell: (c) => t(`operator.wallet.${c.getValue()}`) }),
      codes.display({
        id: 'uses',
        header: t('operator.promo.uses'),
        cell: (c) => `${c.row.original.used_count} / ${c.row.original.max_uses}`,
      }),
      codes.accessor('expires_at', { header: t('operator.promo.expires'), cell: (c) => date(c.getValue()) }),
      codes.accessor('is_active', {
        header: t('operator.promo.active'),
        cell: (c) => (
          <span className={c.getValue() ? 'admin-pill admin-pill-on' : 'admin-pill'}>
            {c.getValue() ? t('operator.promo.yes') : t('operator.promo.no')}
          </span>
        ),
      }),
      codes.accessor('created_by', {
        header: t('operator.promo.created_by'),
        cell: (c) => (c.getValue() ? <Link to={`/admin/user/${c.getValue()!.id}`}>{c.getValue()!.username}</Link> : '—'),
      }),
      codes.display({
        id: 'actions',
        header: '',
        cell: (c) => (
          <div className="admin-row-actions">
            <button
              type="button"
              className="btn admin-btn admin-btn-quiet"
              onClick={() => setParams((p) => new URLSearchParams({ ...Object.fromEntries(p), uses: String(c.row.original.id) }))}
            >
              {t('operator.promo.show_uses')}
            </button>
            <button
              type="button"
              className={`btn admin-btn${c.row.original.is_active ? ' admin-btn-danger' : ''}`}
              onClick={() => setPending({ kind: 'toggle', promo: c.row.original })}
            >
              {c.row.original.is_active ? t('operator.promo.disable') : t('operator.promo.enable')}
            </button>
          </div>
        ),
      }),
    ],
    [t, i18n.language],
  );
  const isDraftValid = CODE.test(draft.code) && WHOLE.test(draft.amount) && /^[1-9]\d{0,7}$/.test(draft.max_uses);
  const shownPromo = result.data?.items.find((p) => p.id === shownUses);
  return (
    <AdminLayout title={t('operator.promo.title')}>
      <form
        className="admin-inline-form admin-promo-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (isDraftValid) setPending({ kind: 'create' });
        }}
      >
        <label className="admin-field">
          <span>{t('operator.promo.code')}</span>
          <input
            value={draft.code}
            maxLength={32}
            autoComplete="off"
            data-testid="promo-code"
            onChange={(e) => setDraft({ ...draft, code: e.target.value.trim() })}
          />
        </label>
        <label className="admin-field">
          <span>{t('operator.promo.amount')}</span>
          <input
            inputMode="numeric"
            value={draft.amount}
            data-testid="promo-amount"
            onChange={(e) => setDraft({ ...draft, amount: e.target.value.trim() })}
          />
        </label>
        <label className="admin-field">
          <span>{t('operator.promo.wallet')}</span>
          <select value={draft.wallet_type} onChange={(e) => setDraft({ ...draft, wallet_type: e.target.value as Draft['wallet_type'] })}>
            <option value="BONUS_BALANCE">{t('operator.wallet.BONUS_BALANCE')}</option>
            <option value="BALANCE">{t('operator.wallet.BALANCE')}</option>
          </select>
        </label>
        <label className="admin-field">
          <span>{t('operator.promo.max_uses')}</span>
          <input
            inputMode="numeric"
            value={draft.max_uses}
            data-testid="promo-max-uses"
            onChange={(e) => setDraft({ ...draft, max_uses: e.target.value.trim() })}
          />
        </label>
        <label className="admin-field">
          <span>{t('operator.promo.expires')}</span>
          <input type="datetime-local" value={draft.expires_at} onChange={(e) => setDraft({ ...draft, expires_at: e.target.value })} />
        </label>
        <button type="submit" className="btn admin-btn admin-btn-primary" disabled={!isDraftValid} data-testid="promo-create">
          {t('operator.promo.create')}
        </button>
      </form>
      <DataTable columns={columns} {...pagedRows(list, result)} emptyText={t('operator.promo.empty')} />
      {shownUses ? <PromoUses id={shownUses} code={shownPromo?.code ?? `#${shownUses}`} /> : null}
      <ConfirmDialog
        isOpen={pending !== null}
        title={
          pending?.kind === 'create'
            ? t('operator.promo.create')
            : pending?.promo.is_active
              ? t('operator.promo.disable')
              : t('operator.promo.enable')
        }
        confirmLabel={t('confirm.confirm')}
        isDanger={pending?.kind === 'toggle' && pending.promo.is_active}
        onClose={() => setPending(null)}
        onConfirm={async (reason) => {
          if (pending?.kind === 'create') await create.mutateAsync(reason);
          else if (pending?.kind === 'toggle') await toggle.mutateAsync({ promo: pending.promo, reason });
          setPending(null);
        }}
      >
        <p>
          {pending?.kind === 'create'
            ? t('operator.promo.create_text', {
                code: draft.code,
                amount: formatChips(draft.amount),
                wallet: t(`operator.wallet.${draft.wallet_type}`),
                uses: draft.max_uses,
              })
            : pending?.kind === 'toggle'
              ? t(pending.promo.is_active ? 'operator.promo.disable_text' : 'operator.promo.enable_text', { code: pending.promo.code })
              : null}
        </p>
      </ConfirmDialog>
    </AdminLayout>
  );
}

/** Who used one code and when, paged on the server (its own `u_page` beside the codes' page). */
function PromoUses({ id, code }: { id: number; code: string }) {
  const { t, i18n } = useTranslation('admin');
  const list = useListParams({ prefix: 'u', limit: 20 });
  const result = useQuery({
    queryKey: queryKeys.admin.promoCodeUses(id, list.query),
    queryFn: () => adminApi.promoCodeUses(id, list.query),
    placeholderData: keepPreviousData,
  });
  const columns = useMemo(
    () => [
      uses.accessor('username', {
        header: t('user.username'),
        cell: (c) => <Link to={`/admin/user/${c.row.original.user_id}`}>{c.getValue()}</Link>,
      }),
      uses.accessor('used_at', {
        header: t('operator.promo.used_at'),
        cell: (c) => new Date(c.getValue()).toLocaleString(i18n.language, { dateStyle: 'short', timeStyle: 'short' }),
      }),
    ],
    [t, i18n.language],
  );
  return (
    <section data-testid="promo-uses">
      <h2 className="admin-subtitle">{t('operator.promo.uses_title', { code })}</h2>
      <DataTable columns={columns} {...pagedRows(list, result, (row) => row.user_id)} emptyText={t('operator.promo.uses_empty')} />
    </section>
  );
}
