import { describe, expect, it } from 'vitest';
import { csvCell, csvDocument, csvRow } from './csv';

describe('CSV cells', () => {
  it('neutralises cells a spreadsheet would read as a formula', () => {
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvCell('+1+cmd|calc')).toBe("'+1+cmd|calc");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\t=1')).toBe("'\t=1");
    expect(csvCell('\r=1')).toBe(`"'\r=1"`);
  });

  it('leaves plain numbers and ordinary text as they are', () => {
    expect(csvCell(-12.5)).toBe('-12.5');
    expect(csvCell('-12.5')).toBe('-12.5');
    expect(csvCell('-0.25')).toBe('-0.25');
    expect(csvCell(-3e-7)).toBe('-3e-7');
    expect(csvCell(42)).toBe('42');
    expect(csvCell('GBPJPY')).toBe('GBPJPY');
    expect(csvCell('a=b')).toBe('a=b');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(true)).toBe('true');
  });

  it('quotes commas, quotes and line breaks', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
  });

  it('builds rows and documents from the same cells', () => {
    expect(csvRow(['=1', -1, 'x'])).toBe("'=1,-1,x");
    expect(csvDocument(['a', 'b'], [['@x', 2]])).toBe("a,b\r\n'@x,2\r\n");
  });
});
