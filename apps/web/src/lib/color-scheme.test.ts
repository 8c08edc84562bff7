import { describe, expect, it } from 'vitest';
import { toMantineScheme, toThemeChoice } from './color-scheme';

describe('theme choice under vite-ui-theme', () => {
  it('stores the spec values light, dark and system', () => {
    expect(toThemeChoice('light')).toBe('light');
    expect(toThemeChoice('dark')).toBe('dark');
    expect(toThemeChoice('auto')).toBe('system');
  });

  it('reads them back, ignoring anything else', () => {
    expect(toMantineScheme('system')).toBe('auto');
    expect(toMantineScheme('dark')).toBe('dark');
    expect(toMantineScheme('purple')).toBeUndefined();
    expect(toMantineScheme(null)).toBeUndefined();
  });
});
