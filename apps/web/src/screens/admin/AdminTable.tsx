import type { ReactNode } from 'react';
import { Icon } from '../../components/icons';
import { PlainTable, type TableHead } from '../../components/table';
import { Button } from '../../components/ui';
import { useT } from '../../lib/i18n';

/** The one thing a row of an administration table can have done to it: a trash button with its label. */
interface RowAction<Row> {
  label: string;
  run: (row: Row) => void;
  busy?: boolean;
  /** Rows without the button (the signed-in user's own row, say). */
  hidden?: (row: Row) => boolean;
}

/**
 * A table of the administration: the headings, one row an item (its cells written by the caller) and,
 * for whoever may act, a last column with the row's buttons (`buttons`, then the trash button).
 */
export function AdminTable<Row>({
  testId,
  heads,
  rows,
  rowKey,
  rowTestId,
  cells,
  action,
  buttons,
}: {
  testId: string;
  heads: readonly TableHead[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  rowTestId?: (row: Row) => string;
  cells: (row: Row) => ReactNode;
  action?: RowAction<Row> | false;
  /** The row's other buttons, before its trash button. */
  buttons?: (row: Row) => ReactNode;
}) {
  const t = useT();
  return (
    <PlainTable
      testId={testId}
      heads={
        action || buttons ? [...heads, { label: t('common.actions'), className: 'cell-actions' }] : heads
      }
    >
      {rows.map((row) => (
        <tr key={rowKey(row)} data-testid={rowTestId?.(row)}>
          {cells(row)}
          {(action || buttons) && (
            <td className="cell-actions">
              {buttons?.(row)}
              {action && !action.hidden?.(row) && (
                <Button variant="ghost" busy={action.busy} onClick={() => action.run(row)}>
                  <Icon name="trash" />
                  {action.label}
                </Button>
              )}
            </td>
          )}
        </tr>
      ))}
    </PlainTable>
  );
}
