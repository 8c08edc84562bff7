import type { PreviewKind } from './preview-drawings';
import sprite from './previews.svg?url';

export type { PreviewKind };

/**
 * A gallery screen's drawing: one `<use>` of the drawings' sprite (preview-drawings.tsx draws it
 * into previews.svg). The 500-odd shapes of the eleven drawings are neither in the page's markup
 * nor hydrated; the sprite is a cached file of its own (issue 25: they were half the landing
 * page's elements).
 */
export function PreviewArt({ kind, title }: { kind: PreviewKind; title: string }) {
  return (
    <svg
      viewBox="0 0 320 200"
      width="100%"
      role="img"
      aria-label={`Preview of the ${title} screen`}
      style={{ display: 'block' }}
    >
      <use href={`${sprite}#${kind}`} />
    </svg>
  );
}
