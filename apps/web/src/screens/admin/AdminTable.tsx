import type { ReactNode } from 'react';
import { Icon } from '../../components/icons';
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
 * for whoever may act, a last column with the row's trash button.
 */
export function AdminTable<Row>({
  testId,
  heads,
  rows,
  rowKey,
  rowTestId,
  cells,
  action,
}: {
  testId: string;
  heads: readonly ReactNode[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  rowTestId?: (row: Row) => string;
  cells: (row: Row) => ReactNode;
  action?: RowAction<Row> | false;
}) {
  const t = useT();
  return (
    <div className="table-wrap">
      <table className="table" data-testid={testId}>
        <thead>
          <tr>
            {heads.map((head, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the headings are fixed per table
              <th key={index}>{head}</th>
            ))}
            {action && <th className="cell-actions">{t('common.actions')}</th>}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} data-testid={rowTestId?.(row)}>
              {cells(row)}
              {action && (
                <td className="cell-actions">
                  {!action.hidden?.(row) && (
                    <Button variant="ghost" busy={action.busy} onClick={() => action.run(row)}>
                      <Icon name="trash" />
                      {action.label}
                    </Button>
                  )}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
