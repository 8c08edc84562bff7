import { describe, expect, it } from 'vitest';
import { buildPdf, wrap } from './pdf';

describe('the PDF writer', () => {
  it('writes a document whose cross-reference table points at every object', () => {
    const lines = Array.from({ length: 60 }, (_, i) => ({
      text: `Line ${i} (with parentheses) and a back\\slash`,
      heading: i % 20 === 0,
    }));
    const pdf = buildPdf('Checklist', lines);
    const text = pdf.toString('latin1');
    expect(text.startsWith('%PDF-1.4\n')).toBe(true);
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);

    const startxref = Number(/startxref\n(\d+)\n%%EOF/.exec(text)![1]);
    expect(text.slice(startxref, startxref + 4)).toBe('xref');
    const [, first, count] = /xref\n(\d+) (\d+)\n/.exec(text.slice(startxref))!.map(Number) as number[];
    expect(first).toBe(0);
    const entries = text
      .slice(startxref)
      .split('\n')
      .slice(3, 2 + count!);
    entries.forEach((entry, i) => {
      const offset = Number(entry.slice(0, 10));
      expect(text.slice(offset, offset + `${i + 1} 0 obj`.length)).toBe(`${i + 1} 0 obj`);
    });

    // Two pages for 60 lines, each stream's declared length is its real length.
    expect(text).toMatch(/\/Count 2 /);
    for (const m of text.matchAll(/<< \/Length (\d+) >>\nstream\n/g)) {
      const start = m.index! + m[0].length;
      expect(text.slice(start + Number(m[1]), start + Number(m[1]) + 10)).toBe('\nendstream');
    }
    expect(text).toContain('(Line 1 \\(with parentheses\\) and a back\\\\slash) Tj');
  });

  it('wraps paragraphs at word boundaries', () => {
    expect(wrap('one two three four', 9)).toEqual(['one two', 'three', 'four']);
  });
});
