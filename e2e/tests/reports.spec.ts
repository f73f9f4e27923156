import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { readXlsxRows } from '@takt/interchange';
import { templateXlsx } from '@takt/interchange/testing';
import { demoSpaceByApi, openSignedIn, shot } from './helpers';

test('reports: a form uploaded at a project, run on a version with the master report, to Excel and PDF', async ({
  page,
  request,
}) => {
  const { token, spaceId, call, scheduleId } = await demoSpaceByApi(request, 'reporter', 'Reports');
  const nodes = (await call.get(`/space/${spaceId}/eps`)) as unknown as {
    id: string;
    name: string;
    kind: string;
    parentId: string | null;
  }[];
  const schedule = nodes.find((n) => n.id === scheduleId)!;
  const project = nodes.find((n) => n.id === schedule.parentId)!;
  const facility = nodes.find((n) => n.id === project.parentId)!;

  // The project's reports: upload a form there.
  await openSignedIn(page, token, `/${spaceId}`);
  await page.getByTestId(`eps-node-${facility.name}`).click();
  await page.getByTestId(`eps-node-${project.name}`).click();
  await page.getByTestId('open-node-reports').click();
  const dialog = page.getByTestId('reports-dialog');
  await expect(dialog).toContainText('No report forms here yet');
  await dialog.getByTestId('reports-upload').click();
  const upload = page.getByTestId('report-upload-dialog');
  await upload.getByTestId('report-file').setInputFiles({
    name: 'Weekly progress.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: Buffer.from(
      await templateXlsx(
        {
          A1: 'Weekly progress — {{project.name}}, {{year}}',
          A2: 'Version {{version.name}}, data date {{dataDate}}; SPI {{indicator.spi}}',
          A4: 'Code',
          B4: 'Work',
          C4: 'Finish',
          D4: 'Progress, %',
          A5: '{{#works}}{{code}}',
          B5: '{{name}}',
          C5: '{{planFinish}}',
          D5: '{{progress}}',
        },
        { bold: ['A1', 'A4', 'B4', 'C4', 'D4'], widths: [12, 48, 14, 12] },
      ),
    ),
  });
  await expect(upload.getByTestId('report-name')).toHaveValue('Weekly progress');
  await upload.getByLabel('Report year').fill('2026');
  await upload.getByRole('switch', { name: /Show WBS nodes/ }).check();
  await upload.getByRole('button', { name: 'Upload form…' }).click();
  await expect(upload).toBeHidden();
  const form = dialog.getByTestId('report-form');
  await expect(form).toContainText('Weekly progress');
  await expect(form).toContainText('Year 2026');
  await expect(form).toContainText('with WBS nodes');
  await expect(form).toContainText(project.name);
  await shot(page, 'reports-01-node-forms');

  // Renamed.
  await form.getByTestId('report-edit').click();
  const edit = page.getByTestId('report-edit-dialog');
  await edit.getByTestId('report-name').fill('Weekly progress report');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(form).toContainText('Weekly progress report');
  await dialog.getByRole('button', { name: 'Close' }).last().click();

  // The schedule's own reports: the form comes from the project above, and both run on its actual version.
  await page.getByTestId(`eps-node-${schedule.name}`).click();
  await page.getByTestId('open-node-reports').click();
  await expect(dialog.getByTestId('report-run')).toHaveCount(2);
  await expect(dialog.getByTestId('report-form')).toContainText(`from ${project.name}`);
  await shot(page, 'reports-02-schedule-node');
  await dialog.getByRole('button', { name: 'Close' }).last().click();

  // The schedule offers the form (linked above it) next to the master report.
  await page.goto(`/${spaceId}/schedule/${scheduleId}`);
  await page.getByTestId('panel-versions').click();
  await page.getByTestId('export-version').click();
  await page.getByTestId('export-reports').click();
  const run = page.getByTestId('run-report-dialog');
  const rows = run.getByTestId('report-run');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('Master report');
  await expect(rows.nth(1)).toContainText('Weekly progress report');
  await shot(page, 'reports-03-run-dialog');

  const master = page.waitForEvent('download');
  await rows.nth(0).getByTestId('report-run-xlsx').click();
  const masterFile = await master;
  expect(masterFile.suggestedFilename()).toMatch(/Schedule report.*\.xlsx$/);
  const cells: unknown[][] = [];
  for await (const r of readXlsxRows(new Uint8Array(await readFile((await masterFile.path())!))))
    cells.push(r.cells);
  expect(cells[0]![0]).toBe(`Schedule report: ${schedule.name}`);
  expect(cells.length).toBeGreaterThan(10);

  const pdf = page.waitForEvent('download');
  await rows.nth(1).getByTestId('report-run-pdf').click();
  const pdfFile = await pdf;
  expect(pdfFile.suggestedFilename()).toMatch(/Weekly progress report.*\.pdf$/);
  expect((await readFile((await pdfFile.path())!)).subarray(0, 5).toString()).toBe('%PDF-');
  await pdfFile.saveAs('screenshots/reports-04-form.pdf');
  const masterPdf = page.waitForEvent('download');
  await rows.nth(0).getByTestId('report-run-pdf').click();
  await (await masterPdf).saveAs('screenshots/reports-05-master.pdf');
});
