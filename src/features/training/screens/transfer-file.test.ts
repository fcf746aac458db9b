import { describe, expect, it } from 'vitest';
import { readCsv, writeCsv } from './transfer-file';

describe('CSV files of the training log', () => {
  it('writes cells a spreadsheet would run as formulas with a leading apostrophe, and reads them back unchanged', async () => {
    const rows = [
      { name: '=HYPERLINK("http://example.com","PR")', notes: '+1 rep on last week' },
      { name: '@SUM(A1:A2)', notes: '-5 kg, sore shoulder' },
      { name: 'Back squat', notes: 'felt good' },
    ];
    const text = await writeCsv(rows, ['name', 'notes']);
    expect(text).toContain(`"'=HYPERLINK(""http://example.com"",""PR"")"`);
    expect(text).toContain(`"'+1 rep on last week"`);
    expect(text).toContain(`"'@SUM(A1:A2)"`);
    expect(text).toContain(`"'-5 kg, sore shoulder"`);
    expect(text).toContain('Back squat,felt good');
    const read = await readCsv(text);
    expect(read.headers).toEqual(['name', 'notes']);
    expect(read.rows).toEqual(rows);
  });
});
