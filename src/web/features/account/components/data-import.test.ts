import { describe, expect, it } from 'vitest';
import { IMPORT_MESSAGES } from '@shared/schemas/account';
import { previewOf } from './data-import';

describe('the import preview', () => {
  it('says how many days and the date range before importing', () => {
    const file = JSON.stringify({ exportVersion: 2, checkIns: [{ date: '2026-03-09' }, { date: '2026-01-02' }, { date: '2026-02-10' }] });
    expect(previewOf('big7-data.json', file)).toMatchObject({ name: 'big7-data.json', days: 3, first: '2026-01-02', last: '2026-03-09' });
  });
  it('names what is wrong with a file that is not an export', () => {
    expect(previewOf('x.json', 'not json')).toBe(IMPORT_MESSAGES.notExport);
    expect(previewOf('x.json', '{"hello":1}')).toBe(IMPORT_MESSAGES.notExport);
    expect(previewOf('x.json', '{"exportVersion":9,"checkIns":[]}')).toBe(IMPORT_MESSAGES.version(9));
  });
});
