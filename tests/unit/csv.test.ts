/** Every CSV the app writes goes through one RFC 4180 writer that neutralises formulas (issue 17, item 6). */
import { describe, expect, it } from 'vitest';
import { csvField, csvText } from '../../src/lib/analysis/csv';
import { groupsCsv } from '../../src/lib/analysis/long-context';

/** An RFC 4180 reader, to check what a spreadsheet would see. */
function readCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') ((field += '"'), i++);
      else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') (row.push(field), (field = ''));
    else if (c === '\r' && text[i + 1] === '\n') (row.push(field), rows.push(row), (row = []), (field = ''), i++);
    else field += c;
  }
  return rows;
}

describe('the CSV writer', () => {
  it('quotes by RFC 4180: commas, quotes (doubled, never backslashed), CR and LF; CRLF ends each record', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('a\nb')).toBe('"a\nb"');
    expect(csvField('a\rb')).toBe('"a\rb"');
    expect(csvText(['x', 'y'], [[1, 'two']])).toBe('x,y\r\n1,two\r\n');
  });

  it('neutralises text a spreadsheet would run as a formula, not numbers', () => {
    expect(csvField("=cmd|' -c calc'!A0")).toBe("'=cmd|' -c calc'!A0");
    expect(csvField('@SUM(1+1)')).toBe("'@SUM(1+1)");
    expect(csvField('+1+1')).toBe("'+1+1");
    expect(csvField('-2+3')).toBe("'-2+3");
    expect(csvField('\tx')).toBe("'\tx");
    expect(csvField('\r=1')).toBe('"\'\r=1"');
    expect(csvField('-0.2500')).toBe('-0.2500');
    expect(csvField(-3)).toBe('-3');
    expect(csvField('1e-5')).toBe('1e-5');
  });

  it('a run name with quotes and commas stays in its cell; a formula name is inert', () => {
    const names = ['plain', 'a",b', "=cmd|' -c calc'!A0", '@SUM(1+1)', 'line\nbreak'];
    const csv = groupsCsv(
      names.map((name) => ({ name, groups: [{ key: 1024, n: 2, correct: 1, accuracy: 0.5, containsAccuracy: 0.5, low: 0.1, high: 0.9 }] })),
      'length',
    );
    const rows = readCsv(csv);
    expect(rows).toHaveLength(1 + names.length);
    expect(rows.every((r) => r.length === 8)).toBe(true);
    expect(rows.slice(1).map((r) => r[0])).toEqual(['plain', 'a",b', "'=cmd|' -c calc'!A0", "'@SUM(1+1)", 'line\nbreak']);
  });
});
