import { describe, expect, it } from 'vitest';
import { calculate } from './calculate.js';
import { resultToCsv } from './result-csv.js';
import { fs, project, task } from './testing/fixtures.js';

describe('result CSV', () => {
  it('puts a quote before ids a spreadsheet could run as formulas; negative floats stay numbers', () => {
    const csv = resultToCsv(
      calculate(
        project(
          [task('=HYPERLINK("http://x")', 480), task('@SUM(A1)', 480), task('-5', 480), task('B', 480)],
          [fs('=HYPERLINK("http://x")', 'B')],
        ),
      ),
    );
    const lines = csv.trim().split('\n');
    expect(lines.some((l) => l.startsWith(`"'=HYPERLINK(""http://x"")"`))).toBe(true);
    expect(lines.some((l) => l.startsWith("'@SUM(A1),"))).toBe(true);
    expect(lines.some((l) => l.startsWith('-5,'))).toBe(true);
    expect(lines.some((l) => l.startsWith('=') || l.startsWith('@'))).toBe(false);
  });
});
