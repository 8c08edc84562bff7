import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { prerender } from './vite-prerender';

/** Text files worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest|map)$/;
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

/** Where `vite build --ssr src/prerender.tsx` (run first by `pnpm build`) writes the build-time renderer. */
const SSR_OUT = 'dist-ssr';

/**
 * Pre-renders the public pages (vite-prerender.ts) with the server-side build, then writes
 * `<file>.br` (brotli, best quality) and `<file>.gz` (gzip, level 9) beside every text file
 * of the build, once, so the server sends them as they are (`@fastify/static` `preCompressed`)
 * instead of compressing on every request. A copy that is not smaller is not written.
 */
function prerenderAndPrecompress(): Plugin {
  let outDir = 'dist';
  let ssrEntry = '';
  return {
    name: 't0-prerender-precompress',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      ssrEntry = path.resolve(config.root, SSR_OUT, 'prerender.js');
    },
    async closeBundle() {
      // A build that failed before writing index.html reports its own error: none of ours on top of it.
      if (!existsSync(path.join(outDir, 'index.html'))) return;
      // The pages' canonical and language links are written from the root: the server writes the
      // site's address (PUBLIC_URL, a setting of the server) into them as it answers.
      const pages = await prerender(outDir, ssrEntry, screenChunks);
      this.info?.(`pre-rendered ${pages.join(', ')}`);
      let raw = 0;
      let br = 0;
      for (const file of filesUnder(outDir)) {
        if (!COMPRESSIBLE.test(file)) continue;
        const data = readFileSync(file);
        if (data.length < MIN_BYTES) continue;
        const brotli = brotliCompressSync(data, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
          },
        });
        const gzip = gzipSync(data, { level: 9 });
        if (brotli.length < data.length) writeFileSync(`${file}.br`, brotli);
        if (gzip.length < data.length) writeFileSync(`${file}.gz`, gzip);
        raw += data.length;
        br += Math.min(brotli.length, data.length);
      }
      this.info?.(`precompressed ${(raw / 1024).toFixed(0)} KB of text to ${(br / 1024).toFixed(0)} KB (brotli)`);
    },
  };
}

/**
 * public/first-paint.js (the saved colour theme, whether the start-up screen plays) is written into
 * index.html's head as it is, byte for byte, instead of a request that holds up the first paint.
 * The server allows exactly this script by its hash (apps/api/src/http/inline-scripts.ts, which
 * reads the file the build copies beside index.html).
 */
function inlineFirstPaint(): Plugin {
  let file = '';
  return {
    name: 't0-inline-first-paint',
    apply: 'build',
    configResolved(config) {
      file = path.join(config.publicDir, 'first-paint.js');
    },
    transformIndexHtml(html) {
      const tag = '<script src="/first-paint.js"></script>';
      if (!html.includes(tag)) throw new Error(`index.html has no ${tag}`);
      const source = readFileSync(file, 'utf8');
      return html.replace(tag, () => `<script>${source}</script>`);
    },
  };
}

/**
 * The lazily loaded screen of each pre-rendered page besides the landing page (src/routes.tsx,
 * PRERENDERED): src/main.tsx loads it before hydrating. Its chunks are asked for with the start's,
 * after the first paint (vite-prerender.ts), instead of by the bundler's preload helper in one task
 * as the app starts (for the record, when it was 24 chunks: 12 to 45 ms of main thread in one go).
 */
/** The record's screen: bundled in one chunk with what it imports (the 'record' group below). */
const RECORD_SCREEN = 'src/features/performance/PerformancePage.tsx';
const PRERENDERED_SCREENS: Record<string, string> = { '/performance': RECORD_SCREEN };
/** Page (its English address, for every language's) → the chunks of its screen that the start's do not hold (filled by preloadAppEntry, read by the pre-rendering). */
const screenChunks = new Map<string, string[]>();

/** The modules src/main.tsx imports in its steps (the libraries, the interface kit, the app), each an entry of the build. */
const START_STEPS = ['start-router', 'start-vendor', 'start-ui', 'app-entry'] as const;
const START_STEP_MODULE = new RegExp(`[\\\\/]src[\\\\/](?:${START_STEPS.join('|')})\\.ts$`);

/**
 * src/main.tsx starts the app in steps, importing the libraries, the interface kit and then
 * src/app-entry.ts (the app's code) after the entry has run: index.html preloads their chunks and
 * every chunk they import, so they are fetched with the entry (no second round trip) and only run
 * later, each in a task of its own.
 */
function preloadAppEntry(): Plugin {
  return {
    name: 't0-preload-app-entry',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const steps = Object.values(bundle).filter(
          (c) => c.type === 'chunk' && c.facadeModuleId && START_STEP_MODULE.test(c.facadeModuleId),
        );
        if (steps.length !== START_STEPS.length)
          throw new Error(`expected a chunk for each of ${START_STEPS.join(', ')}, found ${steps.length}`);
        const files: string[] = [];
        const visit = (file: string) => {
          const chunk = bundle[file];
          if (files.includes(file) || chunk?.type !== 'chunk') return;
          files.push(file);
          chunk.imports.forEach(visit);
        };
        for (const step of steps) visit(step.fileName);
        /** The stylesheets the chunks import. */
        const stylesOf = (chunks: string[]) =>
          chunks.flatMap((f) => {
            const chunk = bundle[f];
            return chunk?.type === 'chunk' ? [...(chunk.viteMetadata?.importedCss ?? [])] : [];
          });
        for (const [page, module] of Object.entries(PRERENDERED_SCREENS)) {
          const screen = Object.values(bundle).find(
            (c) => c.type === 'chunk' && c.moduleIds.some((id) => id.endsWith(module)),
          );
          if (screen?.type !== 'chunk') throw new Error(`${page}: no chunk for its screen ${module}`);
          const start = files.length;
          visit(screen.fileName);
          const own = files.splice(start);
          // Its stylesheets would be applied by the preload helper as the app starts, restyling the page once more.
          const css = stylesOf(own);
          if (css.length)
            throw new Error(
              `${page}: its screen ${module} has stylesheets of its own (${css.join(', ')}): give its rules to global.css or a start module`,
            );
          screenChunks.set(page, own);
        }
        // Their stylesheets are linked too, as the entry's are: the pre-rendered pages take the
        // rules their markup uses from them (vite-prerender.ts).
        const styles = stylesOf(files);
        return [
          ...files
            .filter((f) => !html.includes(`/${f}"`))
            .map((f) => ({
              tag: 'link',
              attrs: { rel: 'modulepreload', crossorigin: true, href: `/${f}` },
              injectTo: 'head' as const,
            })),
          ...styles
            .filter((f) => !html.includes(`/${f}"`))
            .map((f) => ({
              tag: 'link',
              attrs: { rel: 'stylesheet', crossorigin: true, href: `/${f}` },
              injectTo: 'head' as const,
            })),
        ];
      },
    },
  };
}

/**
 * What the start's steps import, directly or through other modules (not what they load lazily), is
 * bundled by step: Mantine and the icons in 'ui' (src/start-ui.ts), the app's own modules in 'app'
 * (src/app-entry.ts). The steps are entries of the build, so the bundler tags what they import as
 * `$initial`, on the tree-shaken graph. Left to the bundler these were 27 chunks of 0.1 to 8 KB,
 * and each one the pre-rendered pages ask for costs the phone's main thread a request and a module
 * of its own as the page starts. src/main.tsx (the entry) is not one of them: in the
 * 'app' chunk it made the entry a shell that imported that chunk, and the whole start (React, the
 * libraries, Mantine, the app) was evaluated in the entry's one task, the steps notwithstanding.
 */
const APP_START_MODULES = /[\\/]apps[\\/]web[\\/]src[\\/](?!start-ui\.ts$|main\.tsx$)/;
// Scripts only: Mantine's stylesheets stay with the app's, in src/app-entry.ts's order.
const UI_START_MODULES = /node_modules[\\/]@(?:mantine|tabler)[\\/].*\.[cm]?js$|[\\/]src[\\/]start-ui\.ts$/;

/**
 * React Router's package sends every bundler to its development build (its `exports` have no
 * production condition): dev warnings on, checks run as routes are matched and rendered. A build
 * takes the production build beside it, the same code with those warnings off.
 */
function reactRouterProduction(): string {
  const development = fileURLToPath(import.meta.resolve('react-router'));
  const production = development.replace(
    `${path.sep}dist${path.sep}development${path.sep}`,
    `${path.sep}dist${path.sep}production${path.sep}`,
  );
  if (production === development || !existsSync(production))
    throw new Error(`no production build of react-router beside ${development}`);
  return production;
}

const api = process.env.API_URL ?? 'http://localhost:3000';

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [react(), inlineFirstPaint(), preloadAppEntry(), prerenderAndPrecompress()],
  resolve: { alias: command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction() }] : [] },
  // The server-side build is only the build-time renderer: no public files beside it.
  publicDir: isSsrBuild ? false : 'public',
  server: {
    port: 5173,
    proxy: { '/api': api, '/trpc': api, '/objects': api, '/uploads': api, '/checkout': api },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      input: isSsrBuild
        ? undefined
        : { index: 'index.html', ...Object.fromEntries(START_STEPS.map((step) => [step, `src/${step}.ts`])) },
      output: {
        // React; the router; the query cache and tRPC; Mantine and the icons the start uses; the app's
        // start: each a chunk that src/main.tsx runs in a task of its own, so no one task evaluates
        // all of the start's code. zod (only forms need it) in its own, so shared chunks
        // never drag it into the landing page (budget: 200 KB).
        codeSplitting: {
          groups: [
            // The bundler's preload helper (used by the entry's steps and by every lazy screen) goes
            // with React, which the entry imports anyway: left in the app's chunk, the entry would
            // import that chunk, and evaluate it, to call the helper.
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler)[\\/]|^\0vite[\\/]preload-helper/,
              priority: 21,
            },
            {
              name: 'router',
              test: /node_modules[\\/]react-router[\\/]|[\\/]src[\\/]start-router\.ts$/,
              priority: 20,
            },
            {
              name: 'vendor',
              test: /node_modules[\\/](@tanstack|@trpc)[\\/]|[\\/]src[\\/]start-vendor\.ts$/,
              priority: 20,
            },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 10 },
            { name: 'ui', test: UI_START_MODULES, tags: ['$initial'], priority: 6 },
            { name: 'app', test: APP_START_MODULES, tags: ['$initial'], priority: 5 },
            // The record's screen, with what it imports that the start does not hold (Mantine's
            // table, scroll area and pagination, its icons, the app's shared parts): one chunk, not
            // the 24 the bundler made of it. /performance waits for all of them before hydrating,
            // and on a slow phone link they queued six at a time: with one, the app is interactive
            // about 400 ms sooner in Lighthouse's simulation (bench/README.md). The
            // screens that share a part of it load the whole chunk (29-43 KB more, not run).
            {
              name: 'record',
              test: (id) => id.replaceAll('\\', '/').endsWith(`/apps/web/${RECORD_SCREEN}`),
              priority: 4,
            },
          ],
        },
      },
    },
  },
}));
