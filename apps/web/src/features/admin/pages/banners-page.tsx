import type { Banner } from '@durak/protocol';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { adminApi } from '../admin-api';
import { AdminLayout } from '../ui/admin-layout';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { columnHelper, DataTable } from '../ui/data-table';
import { errorText } from '../ui/error-text';
import { bannerStatus } from './banner-status';
import { queryKeys } from '../../../net/query-keys';

const banners = columnHelper<Banner>();

/** /admin/banners: every banner in the players' order; move, edit, delete (after a confirmation). */
export default function BannersPage() {
  const { t, i18n } = useTranslation('admin');
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: queryKeys.admin.banners, queryFn: adminApi.banners });
  const [deleting, setDeleting] = useState<Banner | null>(null);
  // A move is confirmed with a reason for the audit log (FEATURES.md §17).
  const [ordering, setOrdering] = useState<number[] | null>(null);
  const reorder = useMutation({
    mutationFn: ({ ids, reason }: { ids: number[]; reason: string }) => adminApi.reorderBanners(ids, reason),
    onSuccess: (items) => queryClient.setQueryData(queryKeys.admin.banners, items),
  });
  const move = (from: number, to: number) => {
    const ids = (list.data ?? []).map((b) => b.id);
    const [moved] = ids.splice(from, 1);
    if (moved === undefined || to < 0 || to > ids.length) return;
    ids.splice(to, 0, moved);
    setOrdering(ids);
  };
  const date = (iso: string) => new Date(iso).toLocaleString(i18n.language, { dateStyle: 'short', timeStyle: 'short' });
  const columns = useMemo(
    () => [
      banners.display({
        id: 'order',
        header: t('banners.order'),
        cell: (c) => (
          <span className="admin-order">
            <button
              type="button"
              className="btn admin-btn admin-icon-btn"
              aria-label={t('banners.up')}
              disabled={c.row.index === 0 || reorder.isPending}
              onClick={() => move(c.row.index, c.row.index - 1)}
            >
              ↑
            </button>
            <button
              type="button"
              className="btn admin-btn admin-icon-btn"
              aria-label={t('banners.down')}
              disabled={c.row.index === (list.data?.length ?? 0) - 1 || reorder.isPending}
              onClick={() => move(c.row.index, c.row.index + 1)}
            >
              ↓
            </button>
          </span>
        ),
      }),
      banners.accessor('image', {
        header: t('banners.image'),
        cell: (c) => (
          <img
            className="admin-thumb"
            src={c.getValue()}
            alt=""
            width={96}
            height={Math.round((96 * c.row.original.height) / c.row.original.width)}
          />
        ),
      }),
      banners.accessor('name', {
        header: t('banners.name'),
        cell: (c) => <Link to={`/admin/banner/${c.row.original.id}`}>{c.getValue()}</Link>,
      }),
      banners.display({
        id: 'interval',
        header: t('banners.interval'),
        cell: (c) => `${date(c.row.original.start_date)} — ${date(c.row.original.end_date)}`,
      }),
      banners.display({
        id: 'status',
        header: t('banners.status'),
        cell: (c) => {
          const status = bannerStatus(c.row.original, new Date());
          return <span className={`admin-badge admin-badge-${status}`}>{t(`banners.${status}`)}</span>;
        },
      }),
      banners.display({
        id: 'actions',
        header: '',
        cell: (c) => (
          <button type="button" className="btn admin-btn admin-btn-danger" onClick={() => setDeleting(c.row.original)}>
            {t('banners.delete')}
          </button>
        ),
      }),
    ],
    // move reads the current list; rebuilt whenever it changes.
    [t, i18n.language, list.data, reorder.isPending],
  );
  return (
    <AdminLayout
      title={t('banners.title')}
      actions={
        <Link className="btn admin-btn admin-btn-primary" to="/admin/banner/create">
          {t('banners.create')}
        </Link>
      }
    >
      {reorder.isError ? (
        <p className="admin-error" role="alert">
          {errorText(reorder.error, t)}
        </p>
      ) : null}
      <DataTable
        columns={columns}
        rows={list.data}
        rowKey={(row) => row.id}
        isLoading={list.isPending}
        error={list.error}
        emptyText={t('banners.empty')}
      />
      <ConfirmDialog
        isOpen={ordering !== null}
        title={t('banners.order')}
        confirmLabel={t('banner.save')}
        onClose={() => setOrdering(null)}
        onConfirm={(reason) => (ordering ? reorder.mutateAsync({ ids: ordering, reason }) : Promise.resolve())}
      />
      <ConfirmDialog
        isOpen={deleting !== null}
        title={t('banners.delete_title')}
        confirmLabel={t('banners.delete')}
        isDanger
        onClose={() => setDeleting(null)}
        onConfirm={async (reason) => {
          if (!deleting) return;
          await adminApi.deleteBanner(deleting.id, reason);
          await queryClient.invalidateQueries({ queryKey: queryKeys.admin.banners });
        }}
      >
        <p>{t('banners.delete_text', { name: deleting?.name ?? '' })}</p>
      </ConfirmDialog>
    </AdminLayout>
  );
}
