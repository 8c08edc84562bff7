import { ActionIcon, useMantineColorScheme } from '@mantine/core';
import { IconDeviceDesktop, IconMoon, IconSun } from '@tabler/icons-react';
import { toThemeChoice, type ThemeChoice } from '../../lib/color-scheme';
import { useHydrated } from '../../lib/hydration';

const next: Record<ThemeChoice, ThemeChoice> = { system: 'light', light: 'dark', dark: 'system' };
const icons = { light: IconSun, dark: IconMoon, system: IconDeviceDesktop } as const;

/** Cycles the colour theme system → light → dark (kept under `vite-ui-theme`, default system). */
export function ThemeToggle() {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  // The build drew the default (system); the saved choice is drawn once the page is hydrated.
  const current = useHydrated() ? toThemeChoice(colorScheme) : 'system';
  const upcoming = next[current];
  const Icon = icons[current];
  return (
    <ActionIcon
      variant="subtle"
      color="gray"
      size="lg"
      aria-label={`Colour theme: ${current}. Switch to ${upcoming}`}
      title={`Theme: ${current.toUpperCase()}`}
      onClick={() => setColorScheme(upcoming === 'system' ? 'auto' : upcoming)}
      data-testid="theme-toggle"
      data-theme-choice={current}
    >
      <Icon size={18} aria-hidden />
    </ActionIcon>
  );
}
