import { useEffect } from 'react';

const SITE = 'T0 Terminal';

/** Sets the document title and meta description while the page is shown, restoring them after. */
export function useDocumentMeta(title: string | null, description: string | null) {
  useEffect(() => {
    if (title === null) return;
    const previousTitle = document.title;
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    const created = !meta;
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.appendChild(meta);
    }
    const previousDescription = meta.content;
    document.title = `${title} | ${SITE}`;
    meta.content = description ?? '';
    return () => {
      // A pre-rendered page arrives with its own title already (the record's): leaving it shows the site's name.
      document.title = previousTitle === document.title ? SITE : previousTitle;
      if (created) meta.remove();
      else meta.content = previousDescription;
    };
  }, [title, description]);
}
