import type { ImportReport, MovedDate } from '@takt/contracts';
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

/** What the import read, wrote and skipped, and the reader's warnings. */
export function ReportView({ report }: { report: ImportReport }) {
  const t = useT();
  const read = report.read;
  const written = report.written;
  const rd = report.recordedDates;
  return (
    <div className="import-report" data-testid="import-report">
      <p className="import-report-file">
        {report.file.name} · {translateDynamic(`import.format.${report.file.format}`)}
        {report.project.name ? ` · ${report.project.name}` : ''}
      </p>
      <div className="import-report-grid">
        <section>
          <h3 className="import-section-title">{t('import.report.read')}</h3>
          <dl className="import-counts">
            <dt>{t('import.count.activities')}</dt>
            <dd data-testid="read-activities">{read.activities}</dd>
            <dt>{t('import.count.wbs')}</dt>
            <dd>{read.wbs}</dd>
            <dt>{t('import.count.relations')}</dt>
            <dd data-testid="read-relations">{read.relations}</dd>
            <dt>{t('import.count.calendars')}</dt>
            <dd>{read.calendars}</dd>
            <dt>{t('import.count.resources')}</dt>
            <dd>{read.resources}</dd>
            <dt>{t('import.count.assignments')}</dt>
            <dd>{read.assignments}</dd>
            <dt>{t('import.count.codes')}</dt>
            <dd>
              {read.activityCodes} / {read.udfs}
            </dd>
          </dl>
        </section>
        {written && (
          <section>
            <h3 className="import-section-title">{t('import.report.written')}</h3>
            <dl className="import-counts">
              <dt>{t('import.count.works')}</dt>
              <dd data-testid="written-works">{written.works}</dd>
              <dt>{t('import.count.summaries')}</dt>
              <dd>{written.summaries}</dd>
              <dt>{t('import.count.relations')}</dt>
              <dd>{written.relations}</dd>
              <dt>{t('import.count.calendars')}</dt>
              <dd>
                {t('import.count.new_reused', {
                  created: written.calendarsCreated,
                  reused: written.calendarsReused,
                })}
              </dd>
              <dt>{t('import.count.attributes')}</dt>
              <dd>
                {t('import.count.new_reused', {
                  created: written.attributesCreated,
                  reused: written.attributesReused,
                })}
              </dd>
              <dt>{t('import.count.resources')}</dt>
              <dd data-testid="written-resources">
                {t('import.count.new_reused', {
                  created: written.resourcesCreated ?? 0,
                  reused: written.resourcesReused ?? 0,
                })}
              </dd>
              <dt>{t('import.count.assignments')}</dt>
              <dd data-testid="written-assignments">{written.assignments ?? 0}</dd>
            </dl>
          </section>
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
