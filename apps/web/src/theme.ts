import {
  createTheme,
  defaultVariantColorsResolver,
  parseThemeColor,
  type CSSVariablesResolver,
  type MantineColorsTuple,
  type VariantColorsResolver,
} from '@mantine/core';

// The T0 look (DESIGN.md): near-black surfaces, one terminal green, colour only for meaning,
// monospace for figures and labels, sans-serif for prose, small radius, visible focus ring.

const terminal: MantineColorsTuple = [
  '#e6fff0',
  '#c3fcd8',
  '#8ef5b6',
  '#55ec92',
  '#2ee377',
  '#16d865',
  '#0fb454',
  '#0b8c42',
  '#0b7a3b',
  '#07612e',
];

/** Neutral greys for dark surfaces: 0 = text, 2 = dimmed text, 4 = borders, 6–9 = surfaces. */
const dark: MantineColorsTuple = [
  '#dfe5ea',
  '#bcc5ce',
  '#9aa5b1',
  '#76828f',
  '#3a434d',
  '#272e36',
  '#1a2027',
  '#12171c',
  '#0c1014',
  '#080a0d',
];

const amber: MantineColorsTuple = [
  '#fff8e1',
  '#ffecb3',
  '#ffe082',
  '#ffd54f',
  '#ffca28',
  '#ffc107',
  '#e0a800',
  '#b88600',
  '#8a6100',
  '#5c4000',
];

export const FONT_MONO =
  "'JetBrains Mono', 'Fira Code', ui-monospace, SFMono-Regular, Menlo, Consolas, 'Liberation Mono', 'DejaVu Sans Mono', monospace";
export const FONT_PROSE =
  "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', 'Noto Sans', 'DejaVu Sans', Arial, sans-serif";

/**
 * Filled buttons and badges: dark text on the bright dark-theme shades, white text on the deep
 * light-theme shades (Mantine picks one text colour for both schemes otherwise).
 */
const variantColorResolver: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input);
  const parsed = parseThemeColor({ color: input.color || input.theme.primaryColor, theme: input.theme });
  if (input.variant === 'filled' && parsed.isThemeColor && parsed.shade === undefined) {
    return { ...colors, color: 'var(--t0-on-filled)' };
  }
  return colors;
};

export const theme = createTheme({
  variantColorResolver,
  primaryColor: 'terminal',
  primaryShade: { light: 9, dark: 5 },
  autoContrast: true,
  luminanceThreshold: 0.35,
  colors: { terminal, dark, amber },
  white: '#ffffff',
  black: '#080a0d',
  fontFamily: FONT_MONO,
  fontFamilyMonospace: FONT_MONO,
  headings: { fontFamily: FONT_MONO, fontWeight: '700' },
  defaultRadius: 'sm',
  radius: { xs: '2px', sm: '3px', md: '4px', lg: '6px', xl: '8px' },
  spacing: { xs: '4px', sm: '8px', md: '16px', lg: '24px', xl: '32px' },
  /** Phone from 360 px, tablet ("medium") 768 px, desktop 1200 px, wide 1600 px. */
  breakpoints: { xs: '30em', sm: '40em', md: '48em', lg: '75em', xl: '100em' },
  focusRing: 'auto',
  respectReducedMotion: true,
  cursorType: 'pointer',
  other: { fontProse: FONT_PROSE },
  components: {
    Button: { defaultProps: { fw: 700 } },
    Paper: { defaultProps: { withBorder: true } },
    Card: { defaultProps: { withBorder: true } },
    Tooltip: { defaultProps: { openDelay: 700 } },
    Modal: {
      defaultProps: {
        centered: true,
        overlayProps: { backgroundOpacity: 0.7, blur: 2 },
        closeButtonProps: { 'aria-label': 'Close dialog' },
      },
    },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close navigation' } } },
  },
});

/** Surface and role variables every screen uses (`var(--t0-surface-1)` …). */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {
    '--t0-font-prose': FONT_PROSE,
    '--t0-font-mono': FONT_MONO,
  },
  light: {
    '--mantine-color-body': '#f6f8fa',
    '--t0-on-filled': '#ffffff',
    '--t0-surface-1': '#ffffff',
    '--t0-surface-2': '#eef1f4',
    '--t0-border': '#d0d7de',
    '--t0-up': '#0b7a3b',
    '--t0-down': '#c4231f',
    '--t0-warn': '#8a6100',
    '--t0-info': '#1864ab',
    '--t0-accent': '#07612e',
    '--t0-muted': '#57606a',
    '--mantine-color-dimmed': '#57606a',
    '--mantine-color-error': '#c4231f',
  },
  dark: {
    '--mantine-color-body': '#080a0d',
    '--t0-on-filled': '#080a0d',
    '--mantine-color-text': '#dfe5ea',
    '--t0-surface-1': '#0f1317',
    '--t0-surface-2': '#161b21',
    '--t0-border': '#262d35',
    '--t0-up': '#2ee377',
    '--t0-down': '#ff6b6b',
    '--t0-warn': '#ffca28',
    '--t0-info': '#4dabf7',
    '--t0-accent': '#16d865',
    '--t0-muted': '#9aa5b1',
    '--mantine-color-dimmed': '#9aa5b1',
    '--mantine-color-error': '#ff6b6b',
  },
});
