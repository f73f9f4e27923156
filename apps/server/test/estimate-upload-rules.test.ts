/**
 * Estimate upload rules (docs/product-rules.md, "Estimates"): rules kept beside the schedule's, the preview of
 * a sheet through a rule, and xlsx and CSV estimates imported through a saved or a given rule — whole, or
 * refused with the reader's message and nothing written.
 */
import { writeEstimateArps } from '@takt/interchange';
import { describe, expect, it } from 'vitest';
import { type Failure, ownSpace, scheduleWithVersion, serverForFile, uploadForm } from './fixtures';

const t = serverForFile();

type Space = Awaited<ReturnType<typeof ownSpace>>;
interface Rule {
  id: string;
  name: string;
  revision: number;
  rowsToSkip: number;
  mapping: Record<string, string>;
  header: boolean;
}
interface Preview {
  format: string;
  sheets?: string[];
  columns: { index: number; letter: string; header: string; field: string | null }[];
  rows: { row: number; cells: string[]; kind: string | null; level?: number }[];
  ruleProblems: { id: string }[];
  report: { lines: number; sections: number; warnings: { id: string }[] } | null;
}
interface View {
  estimate: { id: string; name: string; kind: string };
  totals: { labour: number; machines: number; materials: number; total: number };
  sections: { name: string }[];
  lines: { code: string; totals: { total: number } }[];
}

/** An estimate of two sections and three lines, without coefficients, as an ARPS file. */
const DOC = {
  kind: 'loc' as const,
  code: 'ЛС-7',
  name: 'Кровля',
  currency: 'RUB',
  coefficients: [],
  sections: [
    {
      name: 'Раздел 1. Утепление',
      coefficients: [],
      sections: [],
      lines: [
        {
          number: '1',
          code: 'ГЭСН12-01-013-03',
          name: 'Утепление покрытий плитами',
          unit: '100 м2',
          quantity: 2.5,
          unitCost: { labour: 1000, machines: 200, materials: 3000 },
          coefficients: [],
        },
        {
          number: '2',
          code: 'ФССЦ-12.2',
          name: 'Плиты минераловатные',
          unit: 'м3',
          quantity: 30,
          unitCost: { labour: 0, machines: 0, materials: 4500.5 },
          coefficients: [],
        },
      ],
    },
    {
      name: 'Раздел 2. Кровля',
      coefficients: [],
      sections: [],
      lines: [
        {
          number: '3',
          code: 'ГЭСН12-01-002-09',
          name: 'Устройство кровли',
          unit: '100 м2',
          quantity: 2.5,
          unitCost: { labour: 2000, machines: 100, materials: 8000 },
          coefficients: [],
        },
      ],
    },
  ],
};
// 2.5 × 4200 + 30 × 4500.5 + 2.5 × 10100 = 10 500 + 135 015 + 25 250
const DOC_TOTAL = 170_765;

const RULE = {
  name: 'Смета Takt',
  rowsToSkip: 2,
  mapping: {
    A: 'number',
    B: 'code',
    C: 'name',
    D: 'unit',
    E: 'quantity',
    F: 'labour',
    G: 'machines',
    H: 'materials',
  },
};

const CSV = [
  'Код;Наименование;Ед. изм.;Кол-во;Цена',
  ';Раздел 1. Земляные работы;;;',
  'ГЭСН01-01-003-01;Разработка грунта;1000 м3;1,5;12 000',
  'ФССЦ-02.3;Песок;м3;10;700,50',
  ';Итого по разделу;;;25 005',
].join('\r\n');

async function estimateCount(s: Space) {
  return (
    await t.sql<{ n: number }>(`SELECT count(*)::int AS n FROM estimates WHERE "spaceId" = $1`, [s.spaceId])
  )[0]!.n;
}

function call<T = unknown>(s: Space, method: string, path: string, body?: unknown) {
  return t.api<T>(method, `/space/${s.spaceId}${path}`, body, { token: s.token });
}

function upload<T>(s: Space, path: string, name: string, data: Uint8Array | string, fields = {}) {
  return t.api<T>('POST', `/space/${s.spaceId}${path}`, undefined, {
    token: s.token,
    form: uploadForm(name, data, fields),
  });
}

describe('estimate upload rules', () => {
  it('keeps rules apart from the schedule rules: unique names, stale edits refused, deleted', async () => {
    const s = await ownSpace(t, 'estimate-rules-crud', 'Правила смет');
    const rule = await s.ok<Rule>('POST', '/estimate-upload-rules', RULE);
    expect(rule).toMatchObject({ name: RULE.name, rowsToSkip: 2, header: true, revision: 1 });
    const taken = await call<Failure>(s, 'POST', '/estimate-upload-rules', { ...RULE, name: 'смета TAKT' });
    expect(taken.status).toBe(400);
    expect(taken.body.issues?.[0]).toMatchObject({ path: 'name', message: 'import.rule.name_taken' });
    // a schedule rule may have the same name; neither list shows the other's rules
    const works = await s.ok<{ id: string }>('POST', '/schedule-import-settings', {
      name: RULE.name,
      rowsToSkip: 0,
      mapping: { A: 'name' },
      dateFormat: 'DD.MM.YYYY',
    });
    expect((await s.ok<Rule[]>('GET', '/estimate-upload-rules')).map((r) => r.id)).toEqual([rule.id]);
    expect((await s.ok<{ id: string }[]>('GET', '/schedule-import-settings')).map((r) => r.id)).toEqual([
      works.id,
    ]);
    expect((await call(s, 'GET', `/schedule-import-settings/${rule.id}`)).status).toBe(404);
    expect((await call(s, 'GET', `/estimate-upload-rules/${works.id}`)).status).toBe(404);

    const updated = await s.ok<Rule>('PUT', `/estimate-upload-rules/${rule.id}`, {
      revision: 1,
      rowsToSkip: 3,
      header: false,
    });
    expect(updated).toMatchObject({ rowsToSkip: 3, header: false, revision: 2, mapping: RULE.mapping });
    expect(
      (await call(s, 'PUT', `/estimate-upload-rules/${rule.id}`, { revision: 1, rowsToSkip: 1 })).status,
    ).toBe(409);
    const badField = await call(s, 'POST', '/estimate-upload-rules', {
      ...RULE,
      name: 'X',
      mapping: { A: 'start' },
    });
    expect(badField.status).toBe(400);
    expect((await call(s, 'DELETE', `/estimate-upload-rules/${rule.id}`)).status).toBe(200);
    expect((await call(s, 'GET', `/estimate-upload-rules/${rule.id}`)).status).toBe(404);
  });

  it('previews an xlsx estimate through a saved rule and imports it, totals as the source', async () => {
    const s = await ownSpace(t, 'estimate-rules-xlsx', 'Смета из Excel');
    const { projectId } = await scheduleWithVersion(s.ok);
    // the source estimate, written as xlsx by Takt itself
    const source = await upload<{ estimateId: string }>(
      s,
      `/eps/${projectId}/estimates/import`,
      'ls-7.arp',
      writeEstimateArps(DOC),
    );
    expect(source.status).toBe(200);
    const xlsx = await t.api<Uint8Array>(
      'GET',
      `/space/${s.spaceId}/estimates/${source.body.estimateId}/export/xlsx`,
      undefined,
      { token: s.token },
    );
    expect(xlsx.status).toBe(200);
    const rule = await s.ok<Rule>('POST', '/estimate-upload-rules', RULE);

    const preview = await upload<Preview>(s, '/estimate-upload-rules/preview', 'ls-7.xlsx', xlsx.body, {
      estimateRuleId: rule.id,
    });
    expect(preview.status).toBe(200);
    const p = preview.body;
    expect(p.format).toBe('xlsx');
    expect(p.sheets?.length).toBe(1);
    expect(p.ruleProblems).toEqual([]);
    expect(p.columns.slice(0, 8).map((c) => c.field)).toEqual(Object.values(RULE.mapping));
    expect(p.columns[2]!.header).toBe('Name');
    const kinds = p.rows.map((r) => r.kind);
    // the title (row 1; the empty row 2 is not in the file), the header (row 3), the first section
    expect(kinds.slice(0, 3)).toEqual(['skipped', 'header', 'section']);
    expect(kinds.filter((k) => k === 'line')).toHaveLength(3);
    expect(kinds.filter((k) => k === 'section')).toHaveLength(2);
    expect(kinds).toContain('total');
    expect(p.report).toMatchObject({ lines: 3, sections: 2 });
    // the preview writes nothing
    const before = await estimateCount(s);
    expect(before).toBe(1);

    const imported = await upload<{ estimateId: string; report: { lines: number } }>(
      s,
      `/eps/${projectId}/estimates/import`,
      'ls-7.xlsx',
      xlsx.body,
      { estimateRuleId: rule.id, name: 'ЛС-7 из Excel' },
    );
    expect(imported.status).toBe(200);
    expect(imported.body.report.lines).toBe(3);
    const view = await s.ok<View>('GET', `/estimates/${imported.body.estimateId}`);
    expect(view.estimate.name).toBe('ЛС-7 из Excel');
    expect(view.sections.map((x) => x.name)).toEqual(['Раздел 1. Утепление', 'Раздел 2. Кровля']);
    expect(view.lines.map((l) => l.code)).toEqual(['ГЭСН12-01-013-03', 'ФССЦ-12.2', 'ГЭСН12-01-002-09']);
    expect(view.totals.total).toBe(DOC_TOTAL);
    expect(view.totals.labour).toBe(2.5 * 1000 + 2.5 * 2000);
  });

  it('imports a CSV through a rule given with the file; a wrong rule or none is refused and writes nothing', async () => {
    const s = await ownSpace(t, 'estimate-rules-csv', 'Смета из CSV');
    const { projectId } = await scheduleWithVersion(s.ok);
    const path = `/eps/${projectId}/estimates/import`;
    const rule = {
      rowsToSkip: 0,
      mapping: {
        Код: 'code',
        Наименование: 'name',
        'Ед. изм.': 'unit',
        'Кол-во': 'quantity',
        Цена: 'unitCost',
      },
    };
    const before = await estimateCount(s);

    const none = await upload<Failure>(s, path, 'smeta.csv', CSV);
    expect(none.status).toBe(400);
    expect(none.body.issues?.[0]?.message).toBe('interchange.estimate.rule_needed');
    const wrong = await upload<Failure>(s, path, 'smeta.csv', CSV, {
      rule: { ...rule, mapping: { Нет: 'name' } },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.issues?.[0]?.message).toBe('interchange.tabular.unknown_column');
    const unnamed = await upload<Failure>(s, path, 'smeta.csv', CSV, {
      rule: { rowsToSkip: 0, mapping: { A: 'code' } },
    });
    expect(unnamed.status).toBe(400);
    expect(unnamed.body.issues?.[0]?.message).toBe('interchange.estimate.no_name_column');
    const unknownRule = await upload<Failure>(s, path, 'smeta.csv', CSV, {
      estimateRuleId: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknownRule.status).toBe(404);
    expect(await estimateCount(s)).toBe(before);

    // the preview shows the rule's problem beside the rows, and the rows as the right rule reads them
    const refused = await upload<Preview>(s, '/estimate-upload-rules/preview', 'smeta.csv', CSV, {
      rule: { ...rule, mapping: { Нет: 'name' } },
    });
    expect(refused.status).toBe(200);
    expect(refused.body.ruleProblems.map((x) => x.id)).toEqual(['interchange.tabular.unknown_column']);
    expect(refused.body.report).toBeNull();
    const good = await upload<Preview>(s, '/estimate-upload-rules/preview', 'smeta.csv', CSV, { rule });
    expect(good.body.rows.map((r) => r.kind)).toEqual(['header', 'section', 'line', 'line', 'total']);
    expect(good.body.report?.warnings.map((w) => w.id)).toContain('interchange.estimate.unit_cost_unsplit');
    // ARPS and XML need no rule: no preview
    expect((await upload(s, '/estimate-upload-rules/preview', 'ls.arp', writeEstimateArps(DOC))).status).toBe(
      415,
    );

    const imported = await upload<{ estimateId: string }>(s, path, 'smeta.csv', CSV, { rule, kind: 'pir' });
    expect(imported.status).toBe(200);
    const view = await s.ok<View>('GET', `/estimates/${imported.body.estimateId}`);
    expect(view.estimate).toMatchObject({ kind: 'pir', name: 'smeta' });
    expect(view.sections.map((x) => x.name)).toEqual(['Раздел 1. Земляные работы']);
    // 1.5 × 12 000 + 10 × 700.50, all as materials (a single price column)
    expect(view.totals).toMatchObject({ labour: 0, materials: 25_005, total: 25_005 });
    expect(await estimateCount(s)).toBe(before + 1);
  });
});
