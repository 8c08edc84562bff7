import { describe, expect, it } from 'vitest';
import { controlCharacterMessage, findControlCharacter, hasControlCharacter } from './control-characters';

describe('control characters in text', () => {
  it('refuses NUL, the other C0 controls and DEL, and allows tab, newline and carriage return', () => {
    for (let code = 0; code < 0x20; code++) {
      const allowed = code === 0x09 || code === 0x0a || code === 0x0d;
      expect(hasControlCharacter(`a${String.fromCharCode(code)}b`), `U+${code.toString(16)}`).toBe(!allowed);
    }
    expect(hasControlCharacter('a\u007fb')).toBe(true);
    expect(hasControlCharacter('Line one\r\n\tLine two — ü € 😀 \u0085 \u00a0')).toBe(false);
  });

  it('names the path of the first text holding one, values and keys, nested in objects and lists', () => {
    expect(findControlCharacter({ firstName: 'Ann', lastName: 'B\u0000' })).toEqual(['lastName']);
    expect(findControlCharacter({ memo: { text: 'ok', images: ['a.png', 'b\u0007.png'] } })).toEqual([
      'memo',
      'images',
      1,
    ]);
    expect(findControlCharacter({ settings: { ['bad\u0001key']: true } })).toEqual(['settings', 'bad\u0001key']);
    expect(findControlCharacter('top\u0000')).toEqual([]);
    expect(findControlCharacter({ a: 1, b: true, c: null, d: 'fine\n' })).toBeNull();
    expect(findControlCharacter(undefined)).toBeNull();
  });

  it('walks a deeply nested input without exhausting the stack', () => {
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findControlCharacter(deep)).toHaveLength(100_000);
  });

  it('says which field in its message', () => {
    expect(controlCharacterMessage(['title'])).toBe('title must not contain control characters');
    expect(controlCharacterMessage(['items', 2, 'name'])).toBe('items.2.name must not contain control characters');
    expect(controlCharacterMessage([])).toBe('Input must not contain control characters');
  });
});
