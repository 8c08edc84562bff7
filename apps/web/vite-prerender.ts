import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import Beasties from 'beasties';

/** What the server-side build of src/prerender.tsx exports. */
interface Renderer {
  PRERENDERED_PAGES: readonly PageToRender[];
  renderPage(path: string): Promise<string>;
  pageWords(page: PageToRender): Record<string, Record<string, string>> | null;
  pageMeta(page: PageToRender): { title: string; description: string };
  renderStartup(): string;
}

interface PageToRender {
  path: string;
  file: string;
  language: string;
  base: string;
}

/** The id src/lib/i18n/start.ts reads a language page's words from. */
const PAGE_WORDS_ID = 't0-words';

/**
 * Writes each pre-rendered page (PRERENDERED_PAGES) beside index.html: the built index.html with
 * the loading screen and the page's markup in it, the CSS rules that markup uses inline, and the
 * full stylesheet loaded without holding up the first paint (`media="print"` until src/main.tsx
 * applies it; no inline handler, which the content security policy would refuse). index.html
 * itself stays the empty shell every other address is answered with.
 */
export async function prerender(
  outDir: string,
  ssrEntry: string,
  screenChunks: ReadonlyMap<string, readonly string[]> = new Map(),
): Promise<string[]> {
  const renderer = (await import(pathToFileURL(ssrEntry).href)) as Renderer;
  const template = readFileSync(path.join(outDir, 'index.html'), 'utf8');
  if (!template.includes('<div id="root"></div>')) throw new Error('index.html has no empty #root to fill');
  const startup = renderer.renderStartup();
  // The colour scheme's variables apply under `html[data-mantine-color-scheme]`, which first-paint.js
  // sets before the first paint (dark or light, the visitor's): both are inlined, as if it were set.
  const beasties = new Beasties({
    path: outDir,
    publicPath: '/',
    preload: 'media',
    pruneSource: false,
    reduceInlineStyles: false,
    logLevel: 'warn',
    allowRules: [/^:root\[data-mantine-color-scheme=/],
  });
  const written: string[] = [];
  for (const page of renderer.PRERENDERED_PAGES) {
    const markup = await renderer.renderPage(page.path);
    const html = inLanguage(
      template.replace('<div id="root"></div>', () => `${startup}<div id="root">${markup}</div>`),
      page,
      renderer.PRERENDERED_PAGES,
      renderer.pageWords(page),
      renderer.pageMeta(page),
    );
    // The loading screen's rules apply under `html[data-startup="play"]` (set by first-paint.js
    // before the first paint) and its rain under `html.t0-idle`: the page is inlined as if both were
    // set, so those rules are among the inline ones and the screen plays from the first paint.
    const tag = htmlTag(page.language);
    const inlined = withoutStates(await beasties.process(withStates(html, page.file, tag)), page.file, tag);
    const deferred = inlined.replace(/ media="print" onload="this\.media='all'"/g, ' media="print" data-deferred');
    if (!deferred.includes('data-deferred')) throw new Error(`${page.file}: the stylesheet was not deferred`);
    writeFileSync(
      path.join(outDir, page.file),
      withScreenChunks(afterPaint(deferred, page.file), page.file, screenChunks.get(page.base) ?? []),
    );
    written.push(page.file);
  }
  return written;
}

const TEMPLATE_HTML_TAG = '<html lang="en">';
const STATES = ' data-startup="play" class="t0-idle"';

/** `<html>` of a page in a language: its code and its writing direction. */
function htmlTag(language: string): string {
  return `<html lang="${language}" dir="${RIGHT_TO_LEFT.has(language) ? 'rtl' : 'ltr'}">`;
}
/** The languages written right to left (as @t0/contracts' languageDirection says). */
const RIGHT_TO_LEFT = new Set(['ar']);

/**
 * A page in its language: `<html lang dir>`, its canonical address and each language's version of
 * it (`hreflang`, English as `x-default`), its title and description in its language, and on a language page the words it carries for its
 * hydration (a JSON data block: not run, so the content security policy has nothing to allow).
 * Addresses are written from the root; the server writes the site's address into them
 * (apps/api/src/http/prerendered-pages.ts).
 */
export function inLanguage(
  html: string,
  page: PageToRender,
  pages: readonly PageToRender[],
  words: Record<string, Record<string, string>> | null,
  meta?: { title: string; description: string },
): string {
  if (!html.includes(TEMPLATE_HTML_TAG)) throw new Error(`${page.file}: no ${TEMPLATE_HTML_TAG}`);
  const versions = pages.filter((p) => p.base === page.base);
  const links = [
    `<link rel="canonical" href="${page.path}">`,
    ...versions.map((p) => `<link rel="alternate" hreflang="${p.language}" href="${p.path}">`),
    `<link rel="alternate" hreflang="x-default" href="${versions.find((p) => p.language === 'en')?.path ?? page.base}">`,
  ];
  const META = /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/;
  const TITLE = /<title>[^<]*<\/title>/;
  if (meta !== undefined && !META.test(html)) throw new Error(`${page.file}: no description to write`);
  if (meta !== undefined && !TITLE.test(html)) throw new Error(`${page.file}: no title to write`);
  let out = html
    .replace(META, (tag) =>
      meta === undefined ? tag : `<meta name="description" content="${escapeAttribute(meta.description)}">`,
    )
    .replace(TITLE, (tag) => (meta === undefined ? tag : `<title>${escapeAttribute(meta.title)}</title>`))
    .replace(TEMPLATE_HTML_TAG, () => htmlTag(page.language))
    .replace('</head>', () => `    ${links.join('\n    ')}\n  </head>`);
  if (words) {
    // `<` escaped: no text of the words can close the block.
    const json = JSON.stringify(words).replace(/</g, '\\u003c');
    out = out.replace(
      '</body>',
      () => `  <script type="application/json" id="${PAGE_WORDS_ID}">${json}</script>\n  </body>`,
    );
  }
  return out;
}

function escapeAttribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

function withStates(html: string, file: string, tag: string): string {
  if (!html.includes(tag)) throw new Error(`${file}: no ${tag}`);
  return html.replace(tag, () => tag.replace('>', `${STATES}>`));
}

function withoutStates(html: string, file: string, tag: string): string {
  const withStatesTag = tag.replace('>', STATES);
  const out = html.replace(`${withStatesTag} data-beasties-container>`, tag).replace(`${withStatesTag}>`, tag);
  if (out.includes('data-startup="play" class="t0-idle"'))
    throw new Error(`${file}: the <html> states were not taken off`);
  return out;
}

/**
 * The app's files (its module script, the chunks it preloads, the deferred stylesheets) are asked
 * for once the pre-rendered page is on screen, by public/first-paint.js: their tags are written
 * inert (`data-after-paint`), so nothing but the document and its inline rules is on the way
 * before the first paint. On a slow connection they would otherwise share its bandwidth, and the
 * first paint would wait for them. The `<noscript>` copies of the stylesheets stay as they are.
 */
export function afterPaint(html: string, file: string): string {
  let moved = 0;
  const out = html
    .replace(/<script type="module" crossorigin src="([^"]+)"><\/script>/g, (_m, src: string) => {
      moved++;
      return `<script type="text/plain" data-after-paint="module" data-src="${src}"></script>`;
    })
    .replace(/<link rel="modulepreload" crossorigin href="([^"]+)">/g, (_m, href: string) => {
      moved++;
      return `<link data-after-paint="modulepreload" crossorigin href="${href}">`;
    })
    .replace(/<link rel="stylesheet" crossorigin href="([^"]+)" media="print" data-deferred>/g, (_m, href: string) => {
      moved++;
      return `<link data-after-paint="stylesheet" crossorigin href="${href}" media="print" data-deferred>`;
    });
  if (!out.includes('data-after-paint="module"'))
    throw new Error(`${file}: no module script to load after the first paint`);
  if (/<script type="module"|rel="modulepreload"/.test(out))
    throw new Error(`${file}: a script is still fetched before the first paint`);
  if (moved < 2) throw new Error(`${file}: nothing to load after the first paint`);
  return out;
}

/**
 * A page whose screen is loaded lazily (the record) asks for its chunks with the start's, after the
 * first paint, two per task (first-paint.js): the bundler's preload helper, finding their tags in the
 * page, then adds none as the app starts (it added two dozen in one task).
 */
export function withScreenChunks(html: string, file: string, chunks: readonly string[]): string {
  if (!chunks.length) return html;
  const last = html.lastIndexOf('<link data-after-paint="modulepreload"');
  if (last < 0) throw new Error(`${file}: no preload tag to add its screen's chunks after`);
  const end = html.indexOf('>', last) + 1;
  const tags = chunks.map((f) => `\n    <link data-after-paint="modulepreload" crossorigin href="/${f}">`).join('');
  return html.slice(0, end) + tags + html.slice(end);
}
