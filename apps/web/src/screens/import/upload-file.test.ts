import { INTERCHANGE_LIMITS } from '@takt/contracts';
import { describe, expect, it } from 'vitest';
import { fileProblem, formatNeeds, formatOfName, uploadFields } from './upload-file';

describe('the file of a version upload', () => {
  it('takes the format from the file name', () => {
    expect(formatOfName('Plan.XER')).toBe('xer');
    expect(formatOfName('works.xlsx')).toBe('excel');
    expect(formatOfName('project.xml')).toBe('xml');
    expect(formatOfName('notes.txt')).toBeNull();
  });

  it('refuses files of other formats and files over the limit', () => {
    expect(fileProblem({ name: 'a.docx', size: 10 })).toBe('errors.UnsupportedFileType');
    expect(fileProblem({ name: 'a.csv', size: INTERCHANGE_LIMITS.uploadMaxBytes + 1 })).toBe(
      'errors.FileTooLarge',
    );
    expect(fileProblem({ name: 'a.csv', size: INTERCHANGE_LIMITS.uploadMaxBytes })).toBeNull();
  });

  it('asks a spreadsheet for a rule and a text file for its encoding', () => {
    expect(formatNeeds('csv')).toEqual({ tabular: true, encoded: true });
    expect(formatNeeds('excel')).toEqual({ tabular: true, encoded: false });
    expect(formatNeeds('xer')).toEqual({ tabular: false, encoded: true });
    expect(formatNeeds('zip')).toEqual({ tabular: false, encoded: false });
    expect(formatNeeds(null)).toEqual({ tabular: false, encoded: false });
  });

  it('sends only the fields that apply', () => {
    const fields = { name: '  Baseline ', settingId: 's1', encoding: 'windows-1251' as const };
    expect(uploadFields('csv', fields)).toEqual({
      name: 'Baseline',
      format: 'csv',
      settingId: 's1',
      encoding: 'windows-1251',
    });
    expect(uploadFields('zip', fields)).toEqual({ name: 'Baseline' });
    expect(uploadFields('xer', { ...fields, name: ' ', encoding: 'auto' })).toEqual({});
  });
});
