import { describe, expect, it } from 'vitest';
import { paragraphs } from './paragraphs';

describe('paragraphs', () => {
  it('splits on blank lines and keeps single line breaks inside a paragraph', () => {
    expect(paragraphs('One.\nStill one.\n\nTwo.\r\n\r\n  \n\nThree.  ')).toEqual([
      'One.\nStill one.',
      'Two.',
      'Three.',
    ]);
  });
  it('has none for empty content', () => {
    expect(paragraphs('')).toEqual([]);
    expect(paragraphs('  \n\n ')).toEqual([]);
    expect(paragraphs(null)).toEqual([]);
  });
});
