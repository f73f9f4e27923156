import type { ReactNode } from 'react';

/** A column heading of a plain table; a numeric column is right-aligned like its cells (`num`). */
export type TableHead = string | { label: string; num: true };

/** The heading of a column of numbers. */
export function numHead(label: string): TableHead {
  return { label, num: true };
}

/**
 * A plain read-only table in its scrolling frame: the headings in one row, the body rows the caller writes
 * (their cells carry `num` where the heading does). `wrapClassName` and `className` add to the frame's
 * `table-wrap` and the table's `table` classes.
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
                <th key={head.label} className="num">
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
