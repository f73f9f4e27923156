/** Every writer's output passes the format's rules; broken files fail naming the line, path and rule. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { scheduleProject } from './calculation/schedule.js';
import { type ConformanceReport, formatIssues } from './common/check-report.js';
import { encodeText } from './common/encode-text.js';
import type { InterchangeError } from './common/errors.js';
import { validateProject } from './common/validate.js';
import { checkMspdi } from './mspdi/check.js';
import { readMspdi } from './mspdi/read.js';
import { writeMspdi } from './mspdi/write.js';
import { checkPmxml } from './pmxml/check.js';
import { readPmxml } from './pmxml/read.js';
import { writePmxml } from './pmxml/write.js';
import { readProjectFile } from './read.js';
import { sampleProject } from './sample-project.js';
import { SAMPLE_SCHEDULES, sample } from './testdata.js';
import { checkXer } from './xer/check.js';
import { readXer } from './xer/read.js';
import { writeXer } from './xer/write.js';

const WRITERS = [
  ['xer', writeXer, checkXer],
  ['mspdi', writeMspdi, checkMspdi],
  ['pmxml', writePmxml, checkPmxml],
] as const;

const clean = (r: ConformanceReport) => expect(r.ok, formatIssues(r)).toBe(true);

describe('written files conform', () => {
  for (const file of SAMPLE_SCHEDULES)
    for (const [format, write, check] of WRITERS)
      it(`${file} → ${format}`, async () => {
        const p = await readProjectFile(sample(file));
        clean(await check([...write(p, scheduleProject(p).rows)].join('')));
      });

  for (const [format, write, check] of WRITERS)
    it(`the full sample project → ${format} (lengths, codes, resources, constraints, progress)`, async () => {
      const p = sampleProject();
      validateProject(p);
      const text = [...write(p, scheduleProject(p).rows)].join('');
      const report = await check(text);
      clean(report);
      expect(report.checked).toBeGreaterThan(10);
    });

  it('cut ids stay unique and the file reads back with every activity', async () => {
    const p = sampleProject();
    const rows = scheduleProject(p).rows;
    const xer = await readXer([...writeXer(p, rows)].join(''));
    const pm = await readPmxml([...writePmxml(p, rows)].join(''));
    for (const back of [xer, pm]) {
      const codes = back.activities.map((a) => a.code);
      expect(new Set(codes).size).toBe(codes.length);
      expect(codes.every((c) => c.length <= 40)).toBe(true);
      expect(back.activities.find((a) => a.code.startsWith('A2-a-very'))?.name.length).toBeLessThanOrEqual(
        120,
      );
    }
    expect(xer.options.totalFloat).toBe('start');
    expect(pm.options.totalFloat).toBe('start');
    const ms = await readMspdi([...writeMspdi(p, rows)].join(''));
    expect(ms.relations).toHaveLength(p.relations.length);
  });
});

describe('files the tools wrote', () => {
  it('MS Project 2019 MSPDI files pass the MSPDI rules', async () => {
    for (const f of SAMPLE_SCHEDULES.filter((x) => x.startsWith('mspdi')))
      clean(await checkMspdi(readFileSync(sample(f))));
  });

  it('P6 XER exports pass the XER rules (trailing empty values, P6 tables Takt does not write)', async () => {
    for (const f of SAMPLE_SCHEDULES.filter((x) => x.startsWith('xer')))
      clean(await checkXer(readFileSync(sample(f))));
  });

  it('the P6 XML fixture has exactly its known defects: no namespace and a repeated field', async () => {
    const r = await checkPmxml(readFileSync(sample('p6xml/PredecessorCalendar.xml')));
    expect(r.issues.map((i) => i.rule)).toEqual(['structure', 'occurs', 'order']);
    expect(r.issues[1]?.path).toBe('APIBusinessObjects/Project[1]/CriticalActivityFloatThreshold');
  });
});

async function written(format: 'xer' | 'mspdi' | 'pmxml'): Promise<string> {
  const p = sampleProject();
  const rows = scheduleProject(p).rows;
  const w = format === 'xer' ? writeXer : format === 'mspdi' ? writeMspdi : writePmxml;
  return [...w(p, rows)].join('');
}

function only(r: ConformanceReport, rule: string, text: RegExp) {
  expect(r.ok).toBe(false);
  expect(
    r.issues.some((i) => i.rule === rule && text.test(`${i.path} ${i.message}`)),
    formatIssues(r),
  ).toBe(true);
}

describe('broken XER files fail with a useful message', () => {
  it('fields out of P6 order', async () => {
    const text = (await written('xer')).replace('task_code\ttask_name', 'task_name\ttask_code');
    const r = await checkXer(text);
    only(r, 'order', /TASK\.task_code.*must come before task_name/);
    expect(r.issues[0]?.line).toBeGreaterThan(1);
  });
  it('a missing end marker, an extra value, a bad date, a bad enumeration, a dangling predecessor', async () => {
    const lines = (await written('xer')).trimEnd().split('\n');
    lines.pop(); // %E
    const task = lines.findIndex((l) => l.startsWith('%T\tTASK'));
    const rec = task + 2;
    lines[rec] = lines[rec]!.replace('TK_', 'XX_').replace(/2024-03-0(\d) (\d\d):00/, '2024-03-0$1T$2:00');
    const pred = lines.findIndex((l) => l.startsWith('%T\tTASKPRED')) + 2;
    lines[pred] = lines[pred]!.replace(/^%R\t(\d+)\t(\d+)/, '%R\t$1\t999');
    lines.splice(rec + 1, 0, `${lines[rec + 1]}\textra`);
    const r = await checkXer(lines.join('\n'));
    only(r, 'structure', /%E.*must end with %E/);
    only(r, 'enum', /TASK\.status_code.*"XX_/);
    only(r, 'type', /is not a P6 date/);
    only(r, 'structure', /record has \d+ values/);
    only(r, 'reference', /TASKPRED\.task_id 999 is not a TASK key/);
  });
  it('a required field left out, and a table written after the table that needs it', async () => {
    const text = (await written('xer'))
      .replace(/\tcomplete_pct_type/, '\tcomplete_pct_tipe')
      .replace(/%T\tCALENDAR[\s\S]*?(?=%T\tSCHEDOPTIONS)/, (m) => m)
      .split('%T\t');
    const cal = text.findIndex((t) => t.startsWith('CALENDAR'));
    const [calendar] = text.splice(cal, 1);
    text.splice(text.length - 1, 0, calendar!);
    const r = await checkXer(text.join('%T\t'));
    only(r, 'required', /TASK needs field complete_pct_type/);
    only(r, 'unknown', /TASK has no field complete_pct_tipe/);
    only(r, 'order', /CALENDAR must come before/);
  });
  it('written in Windows-1251 for a Russian P6, refused where the code page has no such character', async () => {
    const text = await written('xer');
    const bytes = Buffer.concat([...encodeText([text], 'windows-1251')]);
    clean(await checkXer(bytes, { encoding: 'windows-1251' }));
    expect((await readXer(bytes, { encoding: 'windows-1251' })).wbs.map((w) => w.name)).toContain('Каркас');
    const chinese = text.replace('Бригада бетонщиков', '混凝土');
    expect(() => [...encodeText(chinese.split(/(?<=\n)/), 'windows-1251')]).toThrow(
      /"混" cannot be written in windows-1251/,
    );
    const e = (() => {
      try {
        [...encodeText(chinese.split(/(?<=\n)/), 'windows-1251')];
      } catch (x) {
        return x as InterchangeError;
      }
    })();
    expect(e?.line).toBe(chinese.split('\n').findIndex((l) => l.includes('混')) + 1);
  });
  it('Windows-1251 bytes declared as UTF-8', async () => {
    const iconv = (await import('iconv-lite')).default;
    const bytes = iconv.encode(await written('xer'), 'win1251');
    only(await checkXer(bytes, { encoding: 'utf-8' }), 'encoding', /UTF-8/);
    clean(await checkXer(bytes, { encoding: 'windows-1251' }));
  });
});

describe('broken MSPDI files fail with a useful message', () => {
  it('slack elements swapped, a required UID missing, a bad duration, a bad link type, a dangling link', async () => {
    const text = (await written('mspdi'))
      .replace(
        /<FreeSlack>(\d+)<\/FreeSlack><TotalSlack>(\d+)<\/TotalSlack>/,
        '<TotalSlack>$2</TotalSlack><FreeSlack>$1</FreeSlack>',
      )
      .replace('<Calendar><UID>1</UID>', '<Calendar>')
      .replace('<Duration>PT16H0M0S</Duration>', '<Duration>16h</Duration>')
      .replace('<Type>3</Type><CrossProject>', '<Type>9</Type><CrossProject>')
      .replace(/<PredecessorUID>\d+<\/PredecessorUID>/, '<PredecessorUID>4242</PredecessorUID>');
    const r = await checkMspdi(text);
    only(r, 'order', /Task\[\d+\]\/FreeSlack <FreeSlack> must come before <TotalSlack>/);
    only(r, 'required', /Calendar\[1\].*missing required element <UID>/);
    only(r, 'type', /Duration.*"16h" is not an xsd:duration/);
    only(r, 'enum', /PredecessorLink\[1\]\/Type.*"9" is not one of/);
    only(r, 'reference', /4242 does not refer to any task/);
    expect(r.issues.every((i) => i.line !== undefined && i.line > 0)).toBe(true);
  });
  it('truncated XML and an unknown element', async () => {
    const full = await written('mspdi');
    only(await checkMspdi(full.slice(0, full.length / 2)), 'structure', /malformed|unclosed|ends/i);
    only(
      await checkMspdi(full.replace('<MinutesPerDay>', '<Colour>red</Colour><MinutesPerDay>')),
      'unknown',
      /<Colour> is not an element of <Project>/,
    );
  });
});

describe('broken P6 XML files fail with a useful message', () => {
  it('a float type P6 does not know, fields out of order, a dangling WBS, a constraint without date', async () => {
    const text = (await written('pmxml'))
      .replace('Start Float = Late Start - Early Start', 'Start Float')
      .replace(/<Code>W1<\/Code><Name>Каркас<\/Name>/, '<Name>Каркас</Name><Code>W1</Code>')
      .replace(/<WBSObjectId>\d+<\/WBSObjectId>/, '<WBSObjectId>777777</WBSObjectId>')
      .replace(/<PrimaryConstraintDate>[^<]+<\/PrimaryConstraintDate>/, '');
    const r = await checkPmxml(text);
    only(r, 'enum', /ComputeTotalFloatType.*"Start Float" is not one of/);
    only(r, 'order', /WBS\[1\]\/Code field <Code> must come before <Name>/);
    only(r, 'reference', /WBSObjectId 777777 does not refer to any WBS/);
    only(r, 'required', /needs PrimaryConstraintDate/);
  });
});
