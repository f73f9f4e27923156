import type { ReactNode } from 'react';

/**
 * A column heading of a plain table, with the class its cells carry too where the column has one: a
 * numeric column is right-aligned (`num`), the column of row buttons is `cell-actions`.
 */
export type TableHead = string | { label: string; className: string };

/** The heading of a column of numbers. */
export function numHead(label: string): TableHead {
  return { label, className: 'num' };
}

/**
 * A plain table (no search, no keyboard moves between rows) in its scrolling frame: the headings in one
 * row, the body rows the caller writes (their cells carry the class the heading has). `wrapClassName`
 * and `className` add to the frame's `table-wrap` and the table's `table` classes.
 */
export function PlainTable({
  heads,
  testId,
  className,
  wrapClassName,
  children,
}: {
  heads: readonly TableHead[];
  testId?: string;
  className?: string;
  wrapClassName?: string;
  children: ReactNode;
}) {
  return (
    <div className={wrapClassName ? `table-wrap ${wrapClassName}` : 'table-wrap'}>
      <table className={className ? `table ${className}` : 'table'} data-testid={testId}>
        <thead>
          <tr>
            {heads.map((head) =>
              typeof head === 'string' ? (
                <th key={head}>{head}</th>
              ) : (
                <th key={head.label} className={head.className}>
                  {head.label}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
