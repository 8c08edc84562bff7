import type { PreviewKind } from './preview-drawings';
import sprite from './previews.svg?url';
import { useT } from '../../lib/i18n/language';

export type { PreviewKind };

/**
 * A gallery screen's drawing: one `<use>` of the drawings' sprite (preview-drawings.tsx draws it
 * into previews.svg). The 500-odd shapes of the eleven drawings are neither in the page's markup
 * nor hydrated; the sprite is a cached file of its own (they were half the landing
 * page's elements).
 */
export function PreviewArt({ kind, title }: { kind: PreviewKind; title: string }) {
  const { t } = useT();
  return (
    <svg
      viewBox="0 0 320 200"
      width="100%"
      role="img"
      aria-label={t('landing:preview.art', { title })}
      style={{ display: 'block' }}
    >
      <use href={`${sprite}#${kind}`} />
    </svg>
  );
}
