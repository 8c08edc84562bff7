import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PREVIEW_DRAWINGS, PreviewSprite } from './preview-drawings';
import { PREVIEWS } from './PreviewGallery';

// previews.svg is drawn from preview-drawings.tsx; after changing a drawing, write it again with
// `pnpm --filter @t0/web exec vitest run src/features/landing/preview-sprite.test.ts --update`.
describe('the gallery drawings sprite', () => {
  const sprite = `${renderToStaticMarkup(createElement(PreviewSprite))}\n`;

  it('is previews.svg as the drawings draw it today', async () => {
    await expect(sprite).toMatchFileSnapshot('./previews.svg');
  });

  it('holds a symbol for every screen of the gallery, with its shapes', () => {
    expect(Object.keys(PREVIEW_DRAWINGS).sort()).toEqual(PREVIEWS.map((p) => p.kind).sort());
    for (const { kind } of PREVIEWS) {
      const symbol = new RegExp(`<symbol id="${kind}" viewBox="0 0 320 200">(.*?)</symbol>`).exec(sprite);
      expect(symbol, kind).not.toBeNull();
      expect(symbol?.[1]?.match(/<(rect|line|path|circle|polyline|text)\b/g)?.length ?? 0, kind).toBeGreaterThan(10);
    }
  });

  it('draws in the theme colours, so one file serves both themes', () => {
    expect(sprite).toContain('fill="var(--t0-up)"');
    expect(sprite).not.toMatch(/#[0-9a-f]{6}/i);
  });
});
