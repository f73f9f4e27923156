import { type KeyboardEvent, type ReactNode, useRef, useState } from 'react';
import { useT } from '../lib/i18n';
import { Button, type ButtonVariant, Empty, Spinner } from './ui';

/** One column: its header and what a row shows in it. */
export interface ListColumn<T> {
  key: string;
  header: ReactNode;
  /** The header's accessible name when it shows no text (a column of checkboxes). */
  headerLabel?: string;
  cell: (row: T) => ReactNode;
  /** Class of the column's header and cells (`num` aligns numbers right). */
  className?: string;
  /** The cell's tooltip: the whole of a text the column may cut. */
  title?: (row: T) => string | undefined;
}

/** A button of each row; `shortcut` also runs it from the keyboard on the focused row. */
export interface ListAction<T> {
  label: ReactNode | ((row: T) => ReactNode);
  run: (row: T) => void;
  variant?: ButtonVariant | ((row: T) => ButtonVariant);
  disabled?: boolean;
  /** Rows without this action (no button at all). */
  hidden?: (row: T) => boolean;
  busy?: (row: T) => boolean;
  testId?: string;
  /** Enter opens (edits) the focused row, Delete removes it. */
  shortcut?: 'Enter' | 'Delete';
}

/** What the list shows while its rows come from a query. */
interface ListQuery {
  isLoading: boolean;
  isError: boolean;
  refetch: () => unknown;
}

interface DataListProps<T> {
  rows: readonly T[] | undefined;
  rowKey: (row: T) => string;
  columns: readonly ListColumn<T>[];
  actions?: readonly ListAction<T>[];
  /** Header of the actions column; "Actions" when not given. */
  actionsHeader?: ReactNode;
  /** Class of the actions column's header and cells. */
  actionsClassName?: string;
  /** The query the rows come from: a spinner while it loads, a retry when it failed. */
  query?: ListQuery;
  /** Shown when there are no rows. */
  empty: ReactNode;
  /** The text of a row the search box looks in; no search box without it. */
  searchText?: (row: T) => string;
  /** Attributes of a row's element (test ids, state). */
  rowProps?: (row: T) => Readonly<Record<`data-${string}`, string>>;
  /** Class of the element around the table; `table-wrap` when not given. */
  className?: string;
  testId?: string;
}

const NAVIGATION: Readonly<Record<string, (index: number, last: number) => number>> = {
  ArrowDown: (i, last) => Math.min(i + 1, last),
  ArrowUp: (i) => Math.max(i - 1, 0),
  Home: () => 0,
  End: (_, last) => last,
};

const perRow = <T, V>(value: V | ((row: T) => V), row: T): V =>
  typeof value === 'function' ? (value as (row: T) => V)(row) : value;

/**
 * A list of records as a table, each page declaring only its columns and row actions: a spinner while
 * the rows load, a retry when they could not be read, the page's text when there are none, a search box
 * over the rows' text, and the keyboard — one tab stop for the rows, arrows, Home and End between them,
 * Enter and Delete for the actions that declare them.
 */
export function DataList<T>({
  rows,
  rowKey,
  columns,
  actions = [],
  actionsHeader,
  actionsClassName,
  query,
  empty,
  searchText,
  rowProps,
  className = 'table-wrap',
  testId,
}: DataListProps<T>) {
  const t = useT();
  const [search, setSearch] = useState('');
  const [active, setActive] = useState(0);
  const body = useRef<HTMLTableSectionElement>(null);

  if (query?.isLoading) return <Spinner />;
  if (query?.isError)
    return (
      <div className="empty list-failed" role="alert">
        <span>{t('list.load_failed')}</span>
        <Button variant="ghost" onClick={() => void query.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  if (!rows || rows.length === 0) return <Empty>{empty}</Empty>;

  const needle = search.trim().toLocaleLowerCase();
  const shown =
    searchText && needle ? rows.filter((row) => searchText(row).toLocaleLowerCase().includes(needle)) : rows;
  const focused = Math.min(active, shown.length - 1);

  const onKeyDown = (event: KeyboardEvent<HTMLTableRowElement>, index: number, row: T) => {
    // keys pressed in a row's buttons and fields are theirs
    if (event.target !== event.currentTarget) return;
    const move = NAVIGATION[event.key];
    if (move) {
      event.preventDefault();
      body.current?.rows[move(index, shown.length - 1)]?.focus();
      return;
    }
    const action = actions.find(
      (a) => a.shortcut === event.key && !a.disabled && !a.hidden?.(row) && !a.busy?.(row),
    );
    if (!action) return;
    event.preventDefault();
    action.run(row);
  };

  return (
    <>
      {searchText && (
        <input
          type="search"
          className="input input-compact list-search"
          aria-label={t('common.search')}
          placeholder={t('common.search')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Escape' && search) {
              e.stopPropagation();
              setSearch('');
            }
          }}
        />
      )}
      {shown.length === 0 ? (
        <Empty>{t('list.no_matches', { query: search.trim() })}</Empty>
      ) : (
        <div className={className}>
          <table className="table" data-testid={testId}>
            <thead>
              <tr>
                {columns.map((c) => (
                  <th key={c.key} className={c.className} aria-label={c.headerLabel}>
                    {c.header}
                  </th>
                ))}
                {actions.length > 0 && (
                  <th className={actionsClassName}>{actionsHeader ?? t('common.actions')}</th>
                )}
              </tr>
            </thead>
            <tbody ref={body}>
              {shown.map((row, index) => (
                <tr
                  key={rowKey(row)}
                  className="list-row"
                  tabIndex={index === focused ? 0 : -1}
                  onFocus={() => setActive(index)}
                  onKeyDown={(e) => onKeyDown(e, index, row)}
                  {...rowProps?.(row)}
                >
                  {columns.map((c) => (
                    <td key={c.key} className={c.className} title={c.title?.(row)}>
                      {c.cell(row)}
                    </td>
                  ))}
                  {actions.length > 0 && (
                    <td className={actionsClassName}>
                      {actions.map((a, k) =>
                        a.hidden?.(row) ? null : (
                          <Button
                            // biome-ignore lint/suspicious/noArrayIndexKey: the actions are fixed per list
                            key={k}
                            variant={perRow(a.variant ?? 'ghost', row)}
                            disabled={a.disabled}
                            busy={a.busy?.(row)}
                            onClick={() => a.run(row)}
                            data-testid={a.testId}
                          >
                            {perRow(a.label, row)}
                          </Button>
                        ),
                      )}
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
