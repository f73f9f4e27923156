import type { ImportProblem, ImportReport } from '@takt/contracts';
import { describe, expect, it } from 'vitest';
import { activateLanguage } from '../../lib/i18n';
import { mountEachTest } from '../../testing/mount';
import { ReportView } from './ReportView';

const PROBLEMS: ImportProblem[] = [
  {
    code: 'out_of_range',
    action: 'clamped',
    line: 12,
    table: 'TASK',
    record: 'A1010',
    field: 'target_drtn_hr_cnt',
    value: '5469776',
    replacement: '16',
    message: 'planned duration 5469776 h is out of range; the remaining duration 16 h drives',
  },
  {
    code: 'dangling_relation',
    action: 'ignored',
    line: 20,
    table: 'TASKPRED',
    record: '9001',
    field: 'pred_task_id',
    value: '777',
    message: 'relation to activity 777, which is not in the file, left out',
  },
  {
    code: 'a_kind_without_translation',
    action: 'defaulted',
    table: 'TASK',
    field: 'cstr_type',
    value: 'CS_Whatever',
    message: 'unknown constraint type CS_Whatever; no constraint',
  },
];

/** A report as the server writes it for an XER with three listed problems out of `count`. */
function report(count: number, extra: Partial<ImportReport> = {}): ImportReport {
  return {
    file: { name: 'rail.xer', size: 2048, format: 'xer' },
    project: { code: 'R1', name: 'Rail', start: '2024-01-08T08:00', dataDate: null, sourceFormat: 'xer' },
    read: {
      activities: 3,
      wbs: 1,
      relations: 1,
      calendars: 1,
      resources: 0,
      assignments: 0,
      activityCodes: 0,
      udfs: 0,
    },
    options: {},
    recordedDates: { compared: 0, matched: 0, moved: 0, movedWorks: 0, items: [], choice: null },
    warnings: [],
    warningCount: 0,
    problems: PROBLEMS,
    problemCount: count,
    encoding: { chosen: 'auto', used: 'windows-1252' },
    skipped: [],
    written: null,
    milliseconds: { read: 1, calculate: 1, write: 0 },
    ...extra,
  };
}

describe('import report', () => {
  const view = mountEachTest();

  const show = (r: ImportReport) => view.render(<ReportView report={r} />);
  const rows = () =>
    [...view.container.querySelectorAll('[data-testid="import-problem"]')].map((tr) =>
      [...tr.querySelectorAll('td')].map((td) => td.textContent),
    );
  const byId = (id: string) => view.container.querySelector(`[data-testid="${id}"]`);

  it('lists each problem with its place, value, what Takt did and a translated kind', () => {
    show(report(3));
    expect(byId('import-problems')?.textContent).toContain('Problems in the file');
    expect(byId('import-problems')?.textContent).toContain('3 values could not be taken as written');
    expect(rows()).toEqual([
      [
        '12',
        'TASK',
        'A1010',
        'target_drtn_hr_cnt',
        '5469776',
        'Brought into rangeReplaced by 16',
        'Outside the range Takt calculates with',
      ],
      [
        '20',
        'TASKPRED',
        '9001',
        'pred_task_id',
        '777',
        'Ignored',
        'A relation to an activity that is not in the file',
      ],
      // a kind without a translation shows the reader's English text; absent places are dashes
      [
        '—',
        'TASK',
        '—',
        'cstr_type',
        'CS_Whatever',
        'Default used',
        'unknown constraint type CS_Whatever; no constraint',
      ],
    ]);
    expect(byId('import-problems-more')).toBeNull();
  });

  it('says how many more there are when the list was cut', () => {
    show(report(250));
    expect(byId('import-problems')?.textContent).toContain('250 values could not be taken');
    expect(byId('import-problems-more')?.textContent).toBe('and 247 more');
  });

  it('names the encoding, detected or chosen', () => {
    show(report(3));
    expect(byId('import-encoding')?.textContent).toBe(
      'Encoding: Windows-1252 (Western), detected from the file',
    );
    show(report(3, { encoding: { chosen: 'windows-1250', used: 'windows-1250' } }));
    expect(byId('import-encoding')?.textContent).toBe('Encoding: Windows-1250 (Central European), as chosen');
  });

  it('speaks Russian', () => {
    activateLanguage('ru');
    show(report(250));
    expect(byId('import-problems')?.textContent).toContain('Проблемы в файле');
    expect(rows()[0]).toEqual([
      '12',
      'TASK',
      'A1010',
      'target_drtn_hr_cnt',
      '5469776',
      'Приведено к допустимомуЗаменено на 16',
      'Вне диапазона, с которым считает Takt',
    ]);
    expect(byId('import-problems-more')?.textContent).toBe('и ещё 247');
    expect(byId('import-encoding')?.textContent).toBe(
      'Кодировка: Windows-1252 (западноевропейская), определена по файлу',
    );
  });

  it('shows no problem section for a clean file, nor for a report written before problems were listed', () => {
    show(report(0, { problems: [] }));
    expect(byId('import-problems')).toBeNull();
    const { problems: _p, problemCount: _c, encoding: _e, ...old } = report(0);
    show(old);
    expect(byId('import-problems')).toBeNull();
    expect(byId('import-encoding')).toBeNull();
    expect(byId('import-report')).not.toBeNull();
  });
});
