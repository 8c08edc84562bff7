import { ActionIcon, Menu, useMantineColorScheme } from '@mantine/core';
import { IconDeviceDesktop, IconMoon, IconSun } from '@tabler/icons-react';
import { toThemeChoice, type ThemeChoice } from '../../lib/color-scheme';

const choices: { value: ThemeChoice; label: string; icon: typeof IconSun }[] = [
  { value: 'light', label: 'LIGHT', icon: IconSun },
  { value: 'dark', label: 'DARK', icon: IconMoon },
  { value: 'system', label: 'SYSTEM', icon: IconDeviceDesktop },
];

/** Light, dark or system (kept under `vite-ui-theme`). */
export function ThemeToggle() {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const current = toThemeChoice(colorScheme);
  const CurrentIcon = choices.find((c) => c.value === current)?.icon ?? IconDeviceDesktop;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label={`Colour theme: ${current}`}>
          <CurrentIcon size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>THEME</Menu.Label>
        {choices.map(({ value, label, icon: Icon }) => (
          <Menu.Item
            key={value}
            leftSection={<Icon size={16} aria-hidden />}
            onClick={() => setColorScheme(value === 'system' ? 'auto' : value)}
            aria-current={value === current ? 'true' : undefined}
            fw={value === current ? 700 : 400}
          >
            {label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
