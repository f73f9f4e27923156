import type { ImportEncoding, ImportFormat } from '@takt/contracts';
import { type ReactNode, useEffect, useState } from 'react';
import { Spinner } from '../../components/ui';
import { useSpace } from '../../layouts/space-context';
import { translateDynamic, useT } from '../../lib/i18n';
import { previewSpreadsheet, type TabularPreviewDto } from './api';

/** The head of an upload rule's preview: its title, the rule's own problems, and what the rows will give. */
function PreviewHead({
  title,
  ruleProblems,
  summary,
}: {
  title: string;
  ruleProblems: readonly { id: string; values?: Record<string, unknown> }[];
  summary: string;
}) {
  return (
    <>
      <h3 className="import-section-title">{title}</h3>
      {ruleProblems.map((p) => (
        <div key={`${p.id}-${JSON.stringify(p.values)}`} className="field-error" role="alert">
          {translateDynamic(p.id, p.values)}
        </div>
      ))}
      <p className="muted">{summary}</p>
    </>
  );
}

/**
 * A spreadsheet as an upload rule reads it: the preview's head, then a table whose first column numbers the
 * file's rows and whose other headings are the file's columns (their header, else their letter) with what
 * the rule makes of each; the caller writes the body rows and may add a last heading.
 */
export function SheetPreview<Column extends { index: number; header: string; letter: string }>({
  testId,
  className,
  wrapClassName,
  title,
  ruleProblems,
  summary,
  rowHeading,
  columns,
  columnNote,
  lastHeading,
  children,
}: {
  testId: string;
  className?: string;
  wrapClassName: string;
  title: string;
  ruleProblems: readonly { id: string; values?: Record<string, unknown> }[];
  summary: string;
  rowHeading: string;
  columns: readonly Column[];
  columnNote: (column: Column) => ReactNode;
  lastHeading?: string;
  children: ReactNode;
}) {
  return (
    <section className={className} data-testid={testId}>
      <PreviewHead title={title} ruleProblems={ruleProblems} summary={summary} />
      <div className={wrapClassName}>
        <table className="table">
          <thead>
            <tr>
              <th>{rowHeading}</th>
              {columns.map((c) => (
                <th key={c.index}>
                  {c.header || c.letter}
                  {columnNote(c)}
                </th>
              ))}
              {lastHeading && <th>{lastHeading}</th>}
            </tr>
          </thead>
          <tbody>{children}</tbody>
        </table>
      </div>
    </section>
  );
}

/**
 * The spreadsheet as the chosen upload rule reads it: the columns with the fields they map to, the first rows
 * (skipped rows greyed with the reason, problems under their row), and problems of the rule itself.
 */
export function PreviewTable({
  file,
  settingId,
  format,
  encoding = 'auto',
}: {
  file: File;
  settingId: string;
  format: ImportFormat;
  /** a CSV file's chosen text encoding */
  encoding?: ImportEncoding;
}) {
  const t = useT();
  const { spaceId } = useSpace();
  const [preview, setPreview] = useState<TabularPreviewDto | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    setPreview(null);
    setProblem(null);
    void previewSpreadsheet(spaceId, file, settingId, format, encoding).then((result) => {
      if (!live) return;
      if ('preview' in result) setPreview(result.preview);
      else setProblem(result.failure.messages.join('\n') || t('errors.UnknownException'));
    });
    return () => {
      live = false;
    };
  }, [spaceId, file, settingId, format, encoding, t]);

  if (problem)
    return (
      <div className="field-error" role="alert">
        {problem}
      </div>
    );
  if (!preview) return <Spinner label={t('import.preview.loading')} />;
  const mapped = preview.columns.filter((c) => c.field);
  return (
    <SheetPreview
      testId="import-preview"
      className="import-preview"
      wrapClassName="import-moved-table"
      title={t('import.preview.title')}
      ruleProblems={preview.ruleProblems}
      summary={t('import.preview.summary', {
        importable: preview.importableRows,
        total: preview.totalRows,
        problems: preview.problemCount,
      })}
      rowHeading={t('import.preview.row')}
      columns={mapped}
      columnNote={(c) => (
        <div className="import-preview-field">{translateDynamic(`import.tabular.${c.field}`)}</div>
      )}
    >
      {preview.rows.map((r) => (
        <tr key={r.row} className={r.skip ? 'import-preview-skipped' : undefined}>
          <td>{r.row}</td>
          {mapped.map((c) => (
            <td key={c.index} style={c.field === 'name' ? { paddingLeft: 8 + r.level * 14 } : undefined}>
              {c.field ? r.values[c.field] : ''}
            </td>
          ))}
          {(r.skip || r.problems.length > 0) && (
            <td className="import-preview-problem">
              {r.skip
                ? translateDynamic(r.skip.id, r.skip.values)
                : r.problems.map((p) => translateDynamic(p.id, p.values)).join('; ')}
            </td>
          )}
        </tr>
      ))}
    </SheetPreview>
  );
}
