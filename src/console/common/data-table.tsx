import type { ReactNode } from 'react';
import { ConsoleLink } from './console-link.tsx';

/** One column of a console table, as data. */
export type Column<Row> = {
  /** The header; also each cell's `data-label`, which the stacked layout on a phone shows before the value. */
  header: string;
  cell: (row: Row) => ReactNode;
  /** Money and counts line up on the right, header and cells alike. */
  align?: 'number';
  /** An extra class on the cells only (e.g. `url`, which lets a long address wrap). */
  className?: string;
  /** The row's own page: the cell becomes a link to it (no link where this answers null). */
  link?: (row: Row) => string | null;
};

/**
 * Every console list's table: a real <table> with a caption read by screen readers, column headers with
 * `scope="col"`, and a `data-label` on each cell for the one-column layout at 360 px (console.css).
 */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  className = 'payments',
  busy,
}: {
  caption: ReactNode;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  className?: string;
  busy?: boolean;
}) {
  return (
    <div className="table-wrap">
      <table className={className} aria-busy={busy ? true : undefined}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col" className={column.align}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column) => {
                const href = column.link?.(row);
                const content = column.cell(row);
                const classes = [column.align, column.className].filter(Boolean).join(' ');
                return (
                  <td key={column.header} data-label={column.header} className={classes || undefined}>
                    {href ? <ConsoleLink href={href}>{content}</ConsoleLink> : content}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
