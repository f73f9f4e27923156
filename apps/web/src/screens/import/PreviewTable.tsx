import type { ImportEncoding, ImportFormat } from '@takt/contracts';
import { useEffect, useState } from 'react';
import { Spinner } from '../../components/ui';
import { useSpace } from '../../layouts/space-context';
import { translateDynamic, useT } from '../../lib/i18n';
import { previewSpreadsheet, type TabularPreviewDto } from './api';

/** The head of an upload rule's preview: its title, the rule's own problems, and what the rows will give. */
export function PreviewHead({
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
    <section className="import-preview" data-testid="import-preview">
      <PreviewHead
        title={t('import.preview.title')}
        ruleProblems={preview.ruleProblems}
        summary={t('import.preview.summary', {
          importable: preview.importableRows,
          total: preview.totalRows,
          problems: preview.problemCount,
        })}
      />
      <div className="import-moved-table">
        <table className="table">
          <thead>
            <tr>
              <th>{t('import.preview.row')}</th>
              {mapped.map((c) => (
                <th key={c.index}>
                  {c.header || c.letter}
                  <div className="import-preview-field">{translateDynamic(`import.tabular.${c.field}`)}</div>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {preview.rows.map((r) => (
              <tr key={r.row} className={r.skip ? 'import-preview-skipped' : undefined}>
                <td>{r.row}</td>
                {mapped.map((c) => (
                  <td
                    key={c.index}
                    style={c.field === 'name' ? { paddingLeft: 8 + r.level * 14 } : undefined}
                  >
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
          </tbody>
        </table>
      </div>
    </section>
  );
}
