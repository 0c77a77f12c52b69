import { createColumnHelper, tableFeatures, useTable, type ColumnDef, type RowData } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES } from './use-list-params';
import { Spinner } from '../../../ui/spinner';

/** Core rendering only: paging and sorting are the server's, so no client row models are registered. */
export const adminTableFeatures = tableFeatures({});
export type AdminFeatures = typeof adminTableFeatures;
export const columnHelper = <Row extends RowData>() => createColumnHelper<AdminFeatures, Row>();
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a column list mixes value types, as react-table's own examples do
export type AdminColumns<Row extends RowData> = ColumnDef<AdminFeatures, Row, any>[];

interface DataTableProps<Row extends RowData> {
  readonly columns: AdminColumns<Row>;
  readonly rows: readonly Row[] | undefined;
  readonly rowKey: (row: Row) => string | number;
  readonly isLoading: boolean;
  readonly error?: unknown;
  readonly emptyText: string;
  /** Server paging: absent for a list that is short and whole (banners). */
  readonly paging?: { page: number; limit: number; total: number; onPage(page: number): void; onLimit(limit: number): void };
  /** Server sorting: the sortable column ids and the current sort. */
  readonly sorting?: {
    columns: readonly string[];
    sort?: string | undefined;
    order?: 'asc' | 'desc' | undefined;
    onSort(column: string): void;
  };
  readonly caption?: ReactNode;
}

const noRows: never[] = [];

/** The admin lists' table: loading, error and empty states, server paging and sorting. */
export function DataTable<Row extends RowData>({
  columns,
  rows,
  rowKey,
  isLoading,
  error,
  emptyText,
  paging,
  sorting,
  caption,
}: DataTableProps<Row>) {
  const { t } = useTranslation('admin');
  const table = useTable({
    features: adminTableFeatures,
    columns,
    data: (rows ?? noRows) as Row[],
    getRowId: (row: Row) => String(rowKey(row)),
  });
  const pages = paging ? Math.max(1, Math.ceil(paging.total / paging.limit)) : 1;
  return (
    <div className="admin-table-block">
      <div className="admin-table-scroll">
        <table className="admin-table">
          {caption ? <caption>{caption}</caption> : null}
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const id = header.column.id;
                  const isSortable = sorting?.columns.includes(id);
                  const isSorted = sorting?.sort === id;
                  const label = header.isPlaceholder ? null : <table.FlexRender header={header} />;
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      data-sortable={isSortable ? '' : undefined}
                      aria-sort={isSorted ? (sorting?.order === 'desc' ? 'descending' : 'ascending') : undefined}
                    >
                      {isSortable ? (
                        <button type="button" className="admin-sort" onClick={() => sorting?.onSort(id)}>
                          {label}
                          <span aria-hidden="true" className="admin-sort-mark">
                            {isSorted ? (sorting?.order === 'desc' ? '▼' : '▲') : '↕'}
                          </span>
                        </button>
                      ) : (
                        label
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {table.getRowModel().rows.map((row) => (
              <tr key={row.id}>
                {row.getAllCells().map((cell) => (
                  <td
                    key={cell.id}
                    data-label={
                      typeof cell.column.columnDef.header === 'string' && cell.column.columnDef.header
                        ? cell.column.columnDef.header
                        : undefined
                    }
                  >
                    <table.FlexRender cell={cell} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        {isLoading && !rows ? (
          <div className="admin-table-state">
            <Spinner />
          </div>
        ) : error ? (
          <p className="admin-table-state admin-error" role="alert">
            {t('state.error')}
          </p>
        ) : rows && rows.length === 0 ? (
          <p className="admin-table-state">{emptyText}</p>
        ) : null}
      </div>
      {paging ? (
        <nav className="admin-pager" aria-label={t('table.pages')}>
          <button type="button" className="btn admin-btn" disabled={paging.page <= 1} onClick={() => paging.onPage(paging.page - 1)}>
            {t('table.previous')}
          </button>
          <span className="admin-pager-text">{t('table.page_of', { page: paging.page, pages, total: paging.total })}</span>
          <button type="button" className="btn admin-btn" disabled={paging.page >= pages} onClick={() => paging.onPage(paging.page + 1)}>
            {t('table.next')}
          </button>
          <label className="admin-pager-size">
            <span>{t('table.per_page')}</span>
            <select value={paging.limit} onChange={(e) => paging.onLimit(Number(e.target.value))}>
              {PAGE_SIZES.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </label>
        </nav>
      ) : null}
    </div>
  );
}
