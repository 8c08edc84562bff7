import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { cssVariablesResolver, theme } from '../theme';

// The theme's CSS variables and Mantine's breakpoint classes are a file of the stylesheet
// (theme-variables.css, imported by src/app-entry.ts), not a <style> the app renders: rendering it
// took a step of 7-14 ms in the app's start on a two-core machine, for the same text every time.
// The app's MantineProvider is told not to render them (withCssVariables and
// withGlobalClasses false). This test renders them the way MantineProvider would and compares: a
// change to src/theme.ts that changes them fails here until the file is written again
// (`pnpm --filter @t0/web exec vitest run -u src/styles/theme-variables.test.tsx`).

const HEADER =
  '/* Written by theme-variables.test.tsx from src/theme.ts: the <style> tags MantineProvider would render. */\n';

/** The content of each `<style>` MantineProvider renders for the theme, in its order. */
function providerStyles(): string[] {
  const html = renderToStaticMarkup(<MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} />);
  return [...html.matchAll(/<style data-mantine-styles="(true|classes)"[^>]*>([^<]*)<\/style>/g)].map((m) => m[2]!);
}

describe('the theme stylesheet', () => {
  it('holds what MantineProvider would render for the theme', async () => {
    const styles = providerStyles();
    // The variables (the theme's colours, fonts, the resolver's light and dark values) and the classes.
    expect(styles).toHaveLength(2);
    expect(styles[0]).toContain('--mantine-color-black');
    expect(styles[1]).toContain('.mantine-hidden-from-sm');
    await expect(`${HEADER}${styles.join('\n')}\n`).toMatchFileSnapshot('./theme-variables.css');
  });
});
