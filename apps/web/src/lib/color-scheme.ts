import type { MantineColorScheme, MantineColorSchemeManager } from '@mantine/core';

/** Where the chosen colour theme is kept: light, dark or system. */
export const THEME_STORAGE_KEY = 'vite-ui-theme';
export type ThemeChoice = 'light' | 'dark' | 'system';

export function toMantineScheme(value: string | null | undefined): MantineColorScheme | undefined {
  if (value === 'light' || value === 'dark') return value;
  if (value === 'system' || value === 'auto') return 'auto';
  return undefined;
}

export function toThemeChoice(scheme: MantineColorScheme): ThemeChoice {
  return scheme === 'auto' ? 'system' : scheme;
}

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

/**
 * Mantine's colour scheme kept under `vite-ui-theme` with the spec's values (`system` for Mantine's
 * `auto`), default system, following changes made in other tabs.
 */
export function themeStorageManager(key = THEME_STORAGE_KEY): MantineColorSchemeManager {
  let handler: ((event: StorageEvent) => void) | undefined;
  return {
    get: (defaultValue) => toMantineScheme(storage()?.getItem(key)) ?? defaultValue,
    set: (value) => {
      try {
        storage()?.setItem(key, toThemeChoice(value));
      } catch {
        /* private mode: the choice lasts for this page only */
      }
    },
    subscribe: (onUpdate) => {
      handler = (event) => {
        if (event.storageArea === storage() && event.key === key) {
          const scheme = toMantineScheme(event.newValue);
          if (scheme) onUpdate(scheme);
        }
      };
      window.addEventListener('storage', handler);
    },
    unsubscribe: () => {
      if (handler) window.removeEventListener('storage', handler);
    },
    clear: () => storage()?.removeItem(key),
  };
}
