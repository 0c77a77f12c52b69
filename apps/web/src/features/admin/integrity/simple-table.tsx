import type { ReactNode } from 'react';

interface SimpleTableProps<Row> {
  readonly testId: string;
  readonly headers: readonly ReactNode[];
  readonly rows: readonly Row[];
  readonly rowKey: (row: Row, index: number) => string | number;
  /** The row's cells, one per header. */
  readonly cells: (row: Row) => readonly ReactNode[];
}

/**
 * A short, whole table of evidence (no paging or sorting, unlike the admin lists' `DataTable`):
 * a case's games, transfers and devices, and the admin user page's games and opponents.
 */
export function SimpleTable<Row>({ testId, headers, rows, rowKey, cells }: SimpleTableProps<Row>) {
  return (
    <div className="admin-table-scroll">
      <table className="admin-table" data-testid={testId}>
        <thead>
          <tr>
            {headers.map((header, i) => (
              <th key={i} scope="col">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={rowKey(row, i)}>
              {cells(row).map((cell, j) => (
                <td key={j}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
