import type { AdminUser, Role, WalletType } from '@durak/protocol';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { permissionsQuery } from '../../../net/query-client';
import { formatChips } from '../../../ui/format';
import { Spinner } from '../../../ui/spinner';
import { adminApi } from '../admin-api';
import { UserGames } from '../integrity/user-games';
import { AdminLayout, Figure } from '../ui/admin-layout';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { columnHelper, DataTable } from '../ui/data-table';
import { errorText } from '../ui/error-text';
import { routeId } from '../../../routes/route-id';
import { NotFound } from '../ui/not-found';
import { BanPanel } from './ban-panel';
import { ResponsiblePlayAdminPanel } from '../../responsible-play/admin-panel';
import { queryKeys } from '../../../net/query-keys';

type Ledger = AdminUser['ledger'][number];
const ledgerColumns = columnHelper<Ledger>();
const ROLES = ['player', 'agent', 'admin'] as const;

/** /admin/user/{id}: profile, wallets, recent ledger lines and games; adjustments and roles behind a confirmation. */
export default function UserPage() {
  const { t, i18n } = useTranslation('admin');
  const id = routeId(useParams().id) ?? 0;
  const queryClient = useQueryClient();
  const permissions = useQuery(permissionsQuery).data?.permissions ?? [];
  const user = useQuery({ queryKey: queryKeys.admin.user(id), queryFn: () => adminApi.user(id), enabled: id > 0 });
  const [walletType, setWalletType] = useState<WalletType>('BONUS_BALANCE');
  const [amount, setAmount] = useState('');
  const [roles, setRoles] = useState<Role[] | null>(null);
  const [pending, setPending] = useState<'adjust' | 'roles' | null>(null);
  // One key per confirmed adjustment: a retried click cannot pay twice.
  const [adjustKey, setAdjustKey] = useState(() => crypto.randomUUID());
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.all });
  const adjust = useMutation({
    mutationFn: (reason: string) => adminApi.adjust(id, { wallet_type: walletType, amount, reason, idempotency_key: adjustKey }),
    onSuccess: async () => {
      setAmount('');
      setAdjustKey(crypto.randomUUID());
      await refresh();
    },
  });
  const saveRoles = useMutation({
    mutationFn: (reason: string) => adminApi.patchUser(id, { roles: roles ?? [] }, reason),
    onSuccess: async () => {
      setRoles(null);
      await refresh();
    },
  });
  const date = (iso: string | null) =>
    iso ? new Date(iso).toLocaleString(i18n.language, { dateStyle: 'short', timeStyle: 'short' }) : '—';
  const ledger = useMemo(
    () => [
      ledgerColumns.accessor('created_at', { header: t('audit.at'), cell: (c) => date(c.getValue()) }),
      // An unknown kind (a newer server) shows as its code rather than nothing.
      ledgerColumns.accessor('kind', {
        header: t('user.kind'),
        cell: (c) => t(`operator.kind.${c.getValue()}`, { defaultValue: c.getValue() }),
      }),
      ledgerColumns.accessor('wallet_type', { header: t('user.wallet'), cell: (c) => t(`operator.wallet.${c.getValue()}`) }),
      ledgerColumns.accessor('amount', { header: t('user.amount'), cell: (c) => formatChips(c.getValue()) }),
    ],
    [t, i18n.language],
  );
  if (id === 0) return <NotFound />;
  if (user.isPending) {
    return (
      <AdminLayout title={t('user.title', { name: `#${id}` })}>
        <Spinner />
      </AdminLayout>
    );
  }
  if (user.isError) {
    return (
      <AdminLayout title={t('user.title', { name: `#${id}` })}>
        <p className="admin-error" role="alert">
          {errorText(user.error, t)}
        </p>
      </AdminLayout>
    );
  }
  const u = user.data;
  const shownRoles = roles ?? u.roles;
  const isAmountValid = /^[+-]?\d{1,15}$/.test(amount) && BigInt(amount) !== 0n;
  return (
    <AdminLayout title={t('user.title', { name: u.username })}>
      <div className="admin-figures">
        {u.wallets.map((w) => (
          <Figure key={w.wallet_type} label={t(`operator.wallet.${w.wallet_type}`)} value={formatChips(w.balance)} />
        ))}
        <Figure label={t('home.country')} value={u.country ?? '—'} />
        <Figure
          label={t('operator.user.roles')}
          value={<span className="admin-figure-value-small">{u.roles.map((r) => t(`role.${r}`)).join(', ')}</span>}
        />
        <Figure label={t('user.joined')} value={date(u.created_at)} />
        <Figure label={t('agent.last_played')} value={date(u.last_played_at)} />
        <Figure label={t('agent.parent')} value={u.parent_id ? <Link to={`/admin/agent/${u.parent_id}`}>#{u.parent_id}</Link> : '—'} />
      </div>
      <BanPanel user={u} canBan={permissions.includes('admin.users.ban')} />
      <ResponsiblePlayAdminPanel userId={u.id} />
      {permissions.includes('admin.users.adjust') ? (
        <form
          className="admin-inline-form"
          data-testid="adjust-form"
          onSubmit={(event) => {
            event.preventDefault();
            if (isAmountValid) setPending('adjust');
          }}
        >
          <label className="admin-field">
            <span>{t('user.wallet')}</span>
            <select value={walletType} onChange={(e) => setWalletType(e.target.value as WalletType)}>
              {u.wallets.map((w) => (
                <option key={w.wallet_type} value={w.wallet_type}>
                  {t(`operator.wallet.${w.wallet_type}`)}
                </option>
              ))}
            </select>
          </label>
          <label className="admin-field">
            <span>{t('user.adjust_amount')}</span>
            <input
              type="text"
              inputMode="numeric"
              value={amount}
              placeholder="+1000 / -500"
              onChange={(e) => setAmount(e.target.value.trim())}
            />
          </label>
          <button type="submit" className="btn admin-btn admin-btn-primary" disabled={!isAmountValid}>
            {t('user.adjust')}
          </button>
        </form>
      ) : null}
      {permissions.includes('admin.users.manage') ? (
        <fieldset className="admin-inline-form admin-roles">
          <legend>{t('user.roles')}</legend>
          {ROLES.map((role) => (
            <label key={role} className="admin-check">
              <input
                type="checkbox"
                checked={shownRoles.includes(role)}
                disabled={role === 'player'}
                onChange={(e) => setRoles(e.target.checked ? [...shownRoles, role] : shownRoles.filter((r) => r !== role))}
              />
              {t(`role.${role}`)}
            </label>
          ))}
          <button type="button" className="btn admin-btn admin-btn-primary" disabled={roles === null} onClick={() => setPending('roles')}>
            {t('banner.save')}
          </button>
        </fieldset>
      ) : null}
      <h2 className="admin-subtitle">{t('user.ledger')}</h2>
      <DataTable columns={ledger} rows={u.ledger} rowKey={(row) => row.id} isLoading={false} emptyText={t('state.empty')} />
      <h2 className="admin-subtitle">{t('user.games')}</h2>
      {/* Opponents, how each seat ended and the chips between them (FEATURES.md §12). */}
      <UserGames user={u} />
      <ConfirmDialog
        isOpen={pending !== null}
        title={pending === 'adjust' ? t('user.adjust') : t('user.roles')}
        confirmLabel={t('confirm.confirm')}
        onClose={() => setPending(null)}
        onConfirm={(reason) => (pending === 'adjust' ? adjust.mutateAsync(reason) : saveRoles.mutateAsync(reason))}
      >
        <p>
          {pending === 'adjust'
            ? t('user.adjust_text', { amount, wallet: t(`operator.wallet.${walletType}`), name: u.username })
            : t('user.roles_text', { roles: shownRoles.map((r) => t(`role.${r}`)).join(', '), name: u.username })}
        </p>
      </ConfirmDialog>
    </AdminLayout>
  );
}
