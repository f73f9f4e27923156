import type { ImportProblem, ImportReport, MovedDate } from '@takt/contracts';
import { isMessageId } from '@takt/i18n';
import { Fragment, type ReactNode } from 'react';
import { translateDynamic, useT } from '../../lib/i18n';
import { formatIso } from '../../lib/schedule-time';

/** A recorded or recalculated date as the report shows it: DD.MM.YYYY HH:mm. */
function valueText(value: MovedDate['calculated']): string {
  return value === null ? '—' : formatIso(value);
}

/** The moved recorded dates: work, field, what the file recorded, what recalculation gives. */
export function MovedDatesTable({ report }: { report: ImportReport }) {
  const t = useT();
  const { items, moved } = report.recordedDates;
  return (
    <div className="import-moved">
      <div className="import-moved-table">
        <table className="table" data-testid="moved-dates">
          <thead>
            <tr>
              <th>{t('import.moved.code')}</th>
              <th>{t('import.moved.name')}</th>
              <th>{t('import.moved.field')}</th>
              <th>{t('import.moved.recorded')}</th>
              <th>{t('import.moved.calculated')}</th>
            </tr>
          </thead>
          <tbody>
            {items.map((m) => (
              <tr key={`${m.code}-${m.field}`}>
                <td>{m.code}</td>
                <td>{m.name}</td>
                <td>{translateDynamic(`import.field.${m.field}`)}</td>
                <td>{valueText(m.recorded)}</td>
                <td>{valueText(m.calculated)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {moved > items.length && (
        <p className="muted">{t('import.moved.more', { count: moved - items.length })}</p>
      )}
    </div>
  );
}

/** A problem's kind in the user's language; the reader's English text for a kind without a translation. */
export function problemText(problem: Pick<ImportProblem, 'code' | 'message'>): string {
  const id = `import.problem.code.${problem.code}`;
  return isMessageId(id) ? translateDynamic(id) : problem.message;
}

/** A name of an encoding as the upload dialog offers it; an encoding it does not offer as the reader named it. */
export function encodingName(encoding: string): string {
  const id = `import.encoding.${encoding}`;
  return encoding !== 'auto' && isMessageId(id) ? translateDynamic(id) : encoding;
}

const ACTION_BADGE: Record<ImportProblem['action'], string> = {
  kept: 'badge badge-neutral',
  clamped: 'badge badge-warn',
  ignored: 'badge import-badge-ignored',
  defaulted: 'badge badge-warn',
};

/**
 * The record-level problems the reader got past: where each was (line, table or element, record, field),
 * the value as written, what Takt did with it, and what was wrong.
 */
export function ProblemsTable({ problems, count }: { problems: ImportProblem[]; count: number }) {
  const t = useT();
  return (
    <section className="import-problems" data-testid="import-problems">
      <h3 className="import-section-title">{t('import.report.problems')}</h3>
      <p className="import-problems-summary">{t('import.report.problems_summary', { count })}</p>
      <div className="import-moved-table import-problems-table">
        <table className="table">
          <colgroup>
            <col className="import-problem-col-line" />
            <col className="import-problem-col-table" />
            <col className="import-problem-col-record" />
            <col className="import-problem-col-field" />
            <col className="import-problem-col-value" />
            <col className="import-problem-col-action" />
            <col />
          </colgroup>
          <thead>
            <tr>
              <th className="import-problem-line">{t('import.problem.col.line')}</th>
              <th>{t('import.problem.col.table')}</th>
              <th>{t('import.problem.col.record')}</th>
              <th>{t('import.problem.col.field')}</th>
              <th>{t('import.problem.col.value')}</th>
              <th>{t('import.problem.col.action')}</th>
              <th>{t('import.problem.col.message')}</th>
            </tr>
          </thead>
          <tbody>
            {problems.map((p, i) => (
              // Problems have no id of their own; the list never changes order once shown.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              <tr key={i} data-testid="import-problem">
                <td className="import-problem-line">{p.line ?? '—'}</td>
                <td>{p.table ?? '—'}</td>
                <td>{p.record ?? '—'}</td>
                <td className="import-problem-code">{p.field ?? '—'}</td>
                <td className="import-problem-value" title={p.value}>
                  {p.value ?? '—'}
                </td>
                <td>
                  <span className={ACTION_BADGE[p.action]}>
                    {translateDynamic(`import.problem.action.${p.action}`)}
                  </span>
                  {p.replacement !== undefined && (
                    <div className="import-problem-replacement">
                      {t('import.problem.replaced_by', { value: p.replacement })}
                    </div>
                  )}
                </td>
                <td className="import-problem-message" title={p.message}>
                  {problemText(p)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {count > problems.length && (
        <p className="muted" data-testid="import-problems-more">
          {t('import.report.problems_more', { count: count - problems.length })}
        </p>
      )}
    </section>
  );
}

/** A titled list of counts: a label, the number, and a test id where the tests read it. */
function Counts({
  title,
  rows,
}: {
  title: string;
  rows: [label: string, value: ReactNode, testId?: string][];
}) {
  return (
    <section>
      <h3 className="import-section-title">{title}</h3>
      <dl className="import-counts">
        {rows.map(([label, value, testId]) => (
          <Fragment key={label}>
            <dt>{label}</dt>
            <dd data-testid={testId}>{value}</dd>
          </Fragment>
        ))}
      </dl>
    </section>
  );
}

/** What the import read, wrote and skipped, and the reader's warnings. */
export function ReportView({ report }: { report: ImportReport }) {
  const t = useT();
  const newReused = (created: number, reused: number) => t('import.count.new_reused', { created, reused });
  const read = report.read;
  const written = report.written;
  const rd = report.recordedDates;
  return (
    <div className="import-report" data-testid="import-report">
      <p className="import-report-file">
        {report.file.name} · {translateDynamic(`import.format.${report.file.format}`)}
        {report.project.name ? ` · ${report.project.name}` : ''}
      </p>
      {report.encoding && (
        <p className="muted import-report-encoding" data-testid="import-encoding">
          {t(
            report.encoding.chosen === 'auto'
              ? 'import.report.encoding_detected'
              : 'import.report.encoding_chosen',
            { encoding: encodingName(report.encoding.used) },
          )}
        </p>
      )}
      <div className="import-report-grid">
        <Counts
          title={t('import.report.read')}
          rows={[
            [t('import.count.activities'), read.activities, 'read-activities'],
            [t('import.count.wbs'), read.wbs],
            [t('import.count.relations'), read.relations, 'read-relations'],
            [t('import.count.calendars'), read.calendars],
            [t('import.count.resources'), read.resources],
            [t('import.count.assignments'), read.assignments],
            [t('import.count.codes'), `${read.activityCodes} / ${read.udfs}`],
          ]}
        />
        {written && (
          <Counts
            title={t('import.report.written')}
            rows={[
              [t('import.count.works'), written.works, 'written-works'],
              [t('import.count.summaries'), written.summaries],
              [t('import.count.relations'), written.relations],
              [t('import.count.calendars'), newReused(written.calendarsCreated, written.calendarsReused)],
              [t('import.count.attributes'), newReused(written.attributesCreated, written.attributesReused)],
              [
                t('import.count.resources'),
                newReused(written.resourcesCreated ?? 0, written.resourcesReused ?? 0),
                'written-resources',
              ],
              [t('import.count.assignments'), written.assignments ?? 0, 'written-assignments'],
            ]}
          />
        )}
      </div>
      <p className="muted">
        {rd.compared === 0
          ? t('import.recorded.none')
          : rd.moved === 0
            ? t('import.recorded.all_match', { count: rd.compared })
            : rd.choice === 'keep'
              ? t('import.recorded.kept', { count: rd.moved, works: rd.movedWorks })
              : t('import.recorded.recalculated', { count: rd.moved, works: rd.movedWorks })}
      </p>
      {report.rows && (
        <section>
          <p className="muted" data-testid="import-rows">
            {t('import.report.rows', { read: report.rows.read, skipped: report.rows.skipped })}
          </p>
          {report.rows.items.length > 0 && (
            <ul className="import-list">
              {report.rows.items.map((r) => (
                <li key={`${r.row}-${r.id}`}>
                  {t('import.preview.row')} {r.row}: {translateDynamic(r.id, r.values)}
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
      {report.problems && report.problems.length > 0 && (
        <ProblemsTable problems={report.problems} count={report.problemCount ?? report.problems.length} />
      )}
      {report.files !== undefined && report.files > 0 && (
        <p className="muted">{t('import.report.files', { count: report.files })}</p>
      )}
      {report.skipped.length > 0 && (
        <section>
          <h3 className="import-section-title">{t('import.report.skipped')}</h3>
          <ul className="import-list" data-testid="import-skipped">
            {report.skipped.map((s) => (
              <li key={s.reason}>
                {translateDynamic(`import.skipped.${s.reason}`, { count: s.count })}
                {s.examples.length > 0 && <span className="muted"> ({s.examples.join(', ')})</span>}
              </li>
            ))}
          </ul>
        </section>
      )}
      {report.warningCount > 0 && (
        <details className="import-warnings">
          <summary>{t('import.report.warnings', { count: report.warningCount })}</summary>
          <ul className="import-list">
            {report.warnings.map((w) => (
              <li key={w}>{w}</li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}
