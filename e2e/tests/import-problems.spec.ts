import { expect, test } from '@playwright/test';
import { openScheduleNode, ownScheduleByApi, shot } from './helpers';
import { PROBLEM_XER_RELATIONS, PROBLEM_XER_TASKS, smallXer, tempFile } from './xer-fixture';

test('a P6 file with problems imports, and the report lists each problem; the encoding is detected or chosen', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const names = {
    facility: 'Rail',
    project: 'North line',
    schedule: 'P6 export',
  };
  const { token, spaceId } = await ownScheduleByApi(request, 'problems', 'Problem files', names);

  // P6 opens this file: an absurd planned duration, an unknown constraint type, a relation to an activity
  // that is not in the file.
  const withProblems = tempFile(
    'north-line.xer',
    Buffer.from(smallXer('NORTH', PROBLEM_XER_TASKS, PROBLEM_XER_RELATIONS)),
  );

  await openScheduleNode(page, token, spaceId, names);
  await page.getByTestId('eps-upload-version').click();
  const dialog = page.getByTestId('import-dialog');
  await dialog.getByTestId('import-file').setInputFiles(withProblems);
  await expect(dialog.getByTestId('import-encoding')).toHaveValue('auto');
  await dialog.getByRole('button', { name: 'Upload' }).click();

  const report = dialog.getByTestId('import-report');
  await expect(report).toBeVisible({ timeout: 30_000 });
  await expect(report.getByTestId('written-works')).toHaveText('3');
  const problems = report.getByTestId('import-problems');
  await expect(problems).toContainText('Problems in the file');
  const row = (text: string) => problems.getByTestId('import-problem').filter({ hasText: text });
  await expect(row('target_drtn_hr_cnt')).toContainText('TASK');
  await expect(row('target_drtn_hr_cnt')).toContainText('A1010');
  await expect(row('target_drtn_hr_cnt')).toContainText('5469776');
  await expect(row('target_drtn_hr_cnt')).toContainText('Outside the range Takt calculates with');
  await expect(row('CS_Whenever')).toContainText('cstr_type');
  await expect(row('CS_Whenever')).toContainText('Ignored');
  await expect(row('CS_Whenever')).toContainText('A value the scheduling tool does not define');
  await expect(row('9999')).toContainText('TASKPRED');
  await expect(row('9999')).toContainText('pred_task_id');
  await expect(row('9999')).toContainText('Ignored');
  await expect(report.getByTestId('import-encoding')).toHaveText('Encoding: UTF-8, detected from the file');
  await problems.scrollIntoViewIfNeeded();
  await shot(page, 'import-09-problems');
  await dialog.locator('.modal-footer').getByRole('button', { name: 'Close' }).click();

  // A German export in Windows-1252: detected, the name reads right.
  const western = Buffer.from(
    smallXer('WEST', [{ task_id: '2001', task_code: 'B100', task_name: 'Rückfahrt' }]),
    'latin1',
  );
  const westernFile = tempFile('west.xer', western);
  await page.getByTestId('eps-upload-version').click();
  await dialog.getByTestId('import-file').setInputFiles(westernFile);
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(report).toBeVisible({ timeout: 30_000 });
  await expect(report.getByTestId('import-encoding')).toHaveText(
    'Encoding: Windows-1252 (Western), detected from the file',
  );
  await expect(report.getByTestId('import-problems')).toHaveCount(0);
  await dialog.getByTestId('import-open').click();
  await expect(page.getByRole('row').filter({ hasText: 'B100' })).toContainText('Rückfahrt', {
    timeout: 30_000,
  });

  // The same file with an encoding chosen by hand is read in that encoding, and the report says so.
  await page.goto(`/${spaceId}`);
  await page.getByTestId('eps-node-Rail').click();
  await page.getByTestId('eps-node-P6 export').click();
  await page.getByTestId('eps-upload-version').click();
  await dialog.getByTestId('import-file').setInputFiles(westernFile);
  await dialog.getByTestId('import-encoding').selectOption('windows-1251');
  await shot(page, 'import-10-encoding');
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(report).toBeVisible({ timeout: 30_000 });
  await expect(report.getByTestId('import-encoding')).toHaveText(
    'Encoding: Windows-1251 (Cyrillic), as chosen',
  );
  await expect(report).toContainText('WEST');
});
