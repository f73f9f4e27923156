import { readXlsxRows, type SheetRow } from '@takt/interchange';
import { generatedXer, templateXlsx } from '@takt/interchange/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  downloadStored,
  type Failure,
  importedVersion,
  spaceForFile,
  spaceMember,
  uploadForm,
} from './fixtures';

interface Form {
  id: string;
  name: string;
  year: number | null;
  showSummaries: boolean;
  fileName: string;
  size: number;
  nodes: { id: string; name: string; kind: string }[];
  inherited: boolean;
}
interface Job {
  id: string;
  kind: string;
  state: string;
  progress: number;
  fileId: string | null;
  report: { fileName: string; rows: number } | null;
}

const { t, s } = spaceForFile('reporter', 'Отчёты');
let facilityId: string;
let projectId: string;
let scheduleId: string;
let otherScheduleId: string;
let versionId: string;
/** Works of the imported version, summaries (WBS nodes) included, and without them. */
let allWorks: number;
let leafWorks: number;

const TEMPLATE = {
  A1: 'Отчёт: {{schedule.name}} / {{version.name}} — {{year}}',
  A2: 'Работ',
  B2: '{{indicator.works}}',
  C2: '{{nonsense.key}}',
  A4: 'Код',
  B4: 'Наименование',
  C4: 'Начало',
  D4: 'Выполнение',
  A5: '{{#works}}{{code}}',
  B5: '{{name}}',
  C5: '{{planStart}}',
  D5: '{{progress}} %',
  A6: 'Итого работ: {{works.count}}',
};

const rowsOf = async (bytes: Uint8Array) => {
  const rows: SheetRow[] = [];
  for await (const r of readXlsxRows(bytes)) rows.push(r);
  return rows;
};

const upload = (
  nodeId: string,
  name: string,
  data: Uint8Array | string,
  fields: Record<string, unknown> = {},
  token = s.token,
) =>
  t.api<Form & Failure>('POST', `/space/${s.spaceId}/eps/${nodeId}/reports`, undefined, {
    token,
    form: uploadForm(name, data, fields),
  });
const run = (path: string, body: Record<string, unknown> = {}, token = s.token) =>
  t.api<Uint8Array & Failure & { job: Job }>(
    'POST',
    `/space/${s.spaceId}/versions/${versionId}/${path}`,
    body,
    {
      token,
      lang: 'ru',
    },
  );

beforeAll(async () => {
  facilityId = (await s.ok<{ id: string }>('POST', '/eps', { kind: 'facility', name: 'Объект' })).id;
  projectId = (
    await s.ok<{ id: string }>('POST', '/eps', { kind: 'project', name: 'Корпус 1', parentId: facilityId })
  ).id;
  scheduleId = (
    await s.ok<{ id: string }>('POST', '/eps', { kind: 'schedule', name: 'График', parentId: projectId })
  ).id;
  const otherProject = await s.ok<{ id: string }>('POST', '/eps', {
    kind: 'project',
    name: 'Корпус 2',
    parentId: facilityId,
  });
  otherScheduleId = (
    await s.ok<{ id: string }>('POST', '/eps', {
      kind: 'schedule',
      name: 'Другой',
      parentId: otherProject.id,
    })
  ).id;
  versionId = await importedVersion(t, s, scheduleId, 'gen.xer', generatedXer(300));
  const [counts] = await t.sql<{ all: number; leaf: number }>(
    `SELECT count(*)::int AS all, count(*) FILTER (WHERE type <> 'sum')::int AS leaf FROM works WHERE "versionId" = $1`,
    [versionId],
  );
  allWorks = counts!.all;
  leafWorks = counts!.leaf;
});

describe('report forms', () => {
  let form: Form;

  it('uploads a form at a node, linked to it, offered there and below', async () => {
    const reply = await upload(
      projectId,
      'Недельный.xlsx',
      await templateXlsx(TEMPLATE, { merges: ['A1:D1'] }),
      {
        year: 2031,
        showSummaries: true,
      },
    );
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    form = reply.body;
    expect(form).toMatchObject({
      name: 'Недельный',
      year: 2031,
      showSummaries: true,
      fileName: 'Недельный.xlsx',
    });
    expect(form.nodes.map((n) => n.id)).toEqual([projectId]);

    const atProject = await s.ok<Form[]>('GET', `/eps/${projectId}/reports`);
    expect(atProject.map((f) => [f.id, f.inherited])).toEqual([[form.id, false]]);
    const atSchedule = await s.ok<Form[]>('GET', `/eps/${scheduleId}/reports`);
    expect(atSchedule.map((f) => [f.id, f.inherited])).toEqual([[form.id, true]]);
    expect(await s.ok<Form[]>('GET', `/eps/${facilityId}/reports`)).toEqual([]);
    expect(await s.ok<Form[]>('GET', `/eps/${otherScheduleId}/reports`)).toEqual([]);
    expect((await s.ok<Form[]>('GET', '/reports')).map((f) => f.id)).toEqual([form.id]);
  });

  it('fills the template: values, a row per work with WBS nodes indented, rows below moved down', async () => {
    const reply = await run('report/xlsx', { formId: form.id });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.headers.get('content-type')).toContain('spreadsheetml');
    expect(decodeURIComponent(reply.headers.get('content-disposition') ?? '')).toContain(
      'График — Недельный',
    );
    const rows = await rowsOf(reply.body);
    expect(rows[0]!.cells[0]).toMatch(/^Отчёт: График \/ .+ — 2031$/);
    expect(rows[1]!.cells[1]).toBe(leafWorks);
    // an unknown placeholder is left as written
    expect(rows[1]!.cells[2]).toBe('{{nonsense.key}}');
    const table = rows.filter((r) => r.row >= 5 && r.row < 5 + allWorks);
    expect(table).toHaveLength(allWorks);
    expect(table.some((r) => r.level > 0)).toBe(true);
    expect(table[0]!.cells[3]).toMatch(/^\d+ %$/);
    const footer = rows.find((r) => r.row === 5 + allWorks);
    expect(footer?.cells[0]).toBe(`Итого работ: ${leafWorks}`);
  });

  it('leaves out WBS nodes when the form says so, and renames', async () => {
    const reply = await t.api<Form>(
      'PATCH',
      `/space/${s.spaceId}/reports/${form.id}`,
      {
        name: 'Недельный отчёт',
        showSummaries: false,
        year: null,
      },
      { token: s.token },
    );
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ name: 'Недельный отчёт', showSummaries: false, year: null });
    const rows = await rowsOf((await run('report/xlsx', { formId: form.id })).body);
    expect(rows.filter((r) => r.row >= 5 && r.row < 5 + leafWorks && r.level === 0)).toHaveLength(leafWorks);
    expect(rows.find((r) => r.row === 5 + leafWorks)?.cells[0]).toBe(`Итого работ: ${leafWorks}`);
    // the year is the data date's (or this one's) when the form has none
    expect(rows[0]!.cells[0]).toMatch(/— 20\d\d$/);
  });

  it('writes the same form as a PDF', async () => {
    const reply = await run('report/pdf', { formId: form.id });
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toBe('application/pdf');
    expect(new TextDecoder().decode(reply.body.slice(0, 5))).toBe('%PDF-');
  });

  it('links the form to more nodes and unlinks it', async () => {
    const linked = await s.ok<Form>('POST', `/reports/${form.id}/nodes/${otherScheduleId}`);
    expect(linked.nodes.map((n) => n.id).sort()).toEqual([projectId, otherScheduleId].sort());
    expect((await s.ok<Form[]>('GET', `/eps/${otherScheduleId}/reports`)).map((f) => f.id)).toEqual([
      form.id,
    ]);
    await s.ok('POST', `/reports/${form.id}/nodes/${otherScheduleId}`);
    const unlinked = await s.ok<Form>('DELETE', `/reports/${form.id}/nodes/${otherScheduleId}`);
    expect(unlinked.nodes.map((n) => n.id)).toEqual([projectId]);
  });

  it('refuses a form not linked above the version', async () => {
    const other = await upload(otherScheduleId, 'other.xlsx', await templateXlsx({ A1: '{{version.name}}' }));
    expect(other.status).toBe(200);
    const reply = await run('report/xlsx', { formId: other.body.id });
    expect(reply.status).toBe(404);
  });

  it('refuses what is not an xlsx workbook, and a template too large', async () => {
    const csv = await upload(projectId, 'table.csv', 'a;b\n1;2');
    expect([csv.status, csv.body.error_code]).toEqual([415, 'UnsupportedFileType']);
    const renamed = await upload(projectId, 'fake.xlsx', 'not a zip at all');
    expect([renamed.status, renamed.body.error_code]).toEqual([415, 'UnsupportedFileType']);
    const zipNoBook = new Uint8Array([0x50, 0x4b, 0x03, 0x04, ...new Uint8Array(100)]);
    const broken = await upload(projectId, 'broken.xlsx', zipNoBook);
    expect([broken.status, broken.body.error_code]).toEqual([415, 'UnsupportedFileType']);
    const huge = await upload(projectId, 'huge.xlsx', new Uint8Array(6 * 1024 * 1024));
    expect([huge.status, huge.body.error_code]).toEqual([413, 'FileTooLarge']);
    const forms = await s.ok<Form[]>('GET', '/reports');
    expect(forms.map((f) => f.name).sort()).toEqual(['other', 'Недельный отчёт']);
  });

  it('replaces the template and gives it back', async () => {
    const bytes = await templateXlsx({ A1: 'Новый: {{node.name}} {{project.name}}' });
    const reply = await t.api<Form>('POST', `/space/${s.spaceId}/reports/${form.id}/template`, undefined, {
      token: s.token,
      form: uploadForm('new.xlsx', bytes),
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ fileName: 'new.xlsx', name: 'Недельный отчёт' });
    const back = await t.api<Uint8Array>(
      'GET',
      `/space/${s.spaceId}/reports/${form.id}/template`,
      undefined,
      {
        token: s.token,
      },
    );
    expect(Buffer.from(back.body).equals(Buffer.from(bytes))).toBe(true);
    const rows = await rowsOf((await run('report/xlsx', { formId: form.id })).body);
    expect(rows[0]!.cells[0]).toBe('Новый: Корпус 1 Корпус 1');
  });

  it('lets members see and run reports by their abilities, managers alone change forms', async () => {
    const viewer = await spaceMember(t, s, 'report-viewer', 'viewer');
    expect((await viewer.call<Form[]>('GET', `/eps/${scheduleId}/reports`)).status).toBe(200);
    expect((await viewer.call('POST', `/versions/${versionId}/report/master/xlsx`)).status).toBe(403);
    const executor = await spaceMember(t, s, 'report-executor', 'executor');
    expect((await executor.call('POST', `/versions/${versionId}/report/master/xlsx`)).status).toBe(200);
    const refused = await upload(projectId, 'x.xlsx', await templateXlsx({ A1: 'x' }), {}, executor.token);
    expect(refused.status).toBe(403);
    expect((await executor.call('DELETE', `/reports/${form.id}`)).status).toBe(403);
  });

  it('deletes a form with its template', async () => {
    const [row] = await t.sql<{ key: string }>(`SELECT key FROM report_forms WHERE id = $1`, [form.id]);
    expect(await t.server.services.files.get(row!.key)).not.toBeNull();
    await s.ok('DELETE', `/reports/${form.id}`);
    expect(await t.server.services.files.get(row!.key)).toBeNull();
    expect(await t.sql(`SELECT 1 FROM report_form_nodes WHERE "formId" = $1`, [form.id])).toEqual([]);
    expect((await run('report/xlsx', { formId: form.id })).status).toBe(404);
  });
});

describe('master report', () => {
  it('lists every work under the indicators, in xlsx', async () => {
    const reply = await run('report/master/xlsx');
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    const rows = await rowsOf(reply.body);
    expect(rows[0]!.cells[0]).toBe('Отчёт по графику: График');
    expect(rows.find((r) => r.row === 4)?.cells[0]).toBe('Работ');
    expect(rows.find((r) => r.row === 5)?.cells[0]).toBe(leafWorks);
    expect(rows.find((r) => r.row === 7)?.cells.slice(0, 3)).toEqual(['Код', 'Наименование', 'Статус']);
    const table = rows.filter((r) => r.row >= 8);
    expect(table).toHaveLength(allWorks);
    // dates are Excel dates, WBS nodes are grouped
    expect(table.some((r) => r.level > 0)).toBe(true);
    expect(table.find((r) => r.level > 0)!.cells[4]).toMatchObject({});
  });

  it('and as a PDF of several pages', async () => {
    const reply = await run('report/master/pdf');
    expect(reply.status).toBe(200);
    const text = Buffer.from(reply.body).toString('latin1');
    expect(text.startsWith('%PDF-')).toBe(true);
    expect((text.match(/\/Type \/Page\b/g) ?? []).length).toBeGreaterThan(1);
  });

  it('runs as a job on request, with progress, the file kept for download', async () => {
    const reply = await run('report/master/xlsx', { background: true });
    expect(reply.status, JSON.stringify(reply.body)).toBe(202);
    let job = reply.body.job;
    expect(job.kind).toBe('report');
    for (let i = 0; i < 300 && ['queued', 'running'].includes(job.state); i++) {
      await new Promise((r) => setTimeout(r, 100));
      job = await s.ok<Job>('GET', `/batch-processing/jobs/${job.id}`);
    }
    expect(job).toMatchObject({ state: 'completed', progress: 100 });
    expect(job.report?.rows).toBe(allWorks);
    const file = await downloadStored(t, s, job.fileId!);
    expect(file.status).toBe(200);
    expect((await rowsOf(file.body)).filter((r) => r.row >= 8)).toHaveLength(allWorks);
    const jobs = await s.ok<Job[]>('GET', '/batch-processing/jobs?kind=report');
    expect(jobs.map((j) => j.id)).toContain(job.id);
  });

  it('is NotFound for a version of another space', async () => {
    const other = await spaceMember(t, s, 'report-stranger', 'viewer');
    const { token } = other;
    const own = await t.api<{ id: string }>('POST', '/space/create', { name: 'Чужое' }, { token });
    const reply = await t.api(
      'POST',
      `/space/${own.body.id}/versions/${versionId}/report/master/xlsx`,
      {},
      { token },
    );
    expect(reply.status).toBe(404);
  });
});
