import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
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
      const pages = await prerender(outDir, ssrEntry);
      this.info?.(`pre-rendered ${pages.join(', ')}`);
      let raw = 0;
      let br = 0;
      for (const file of filesUnder(outDir)) {
        if (!COMPRESSIBLE.test(file)) continue;
        const data = readFileSync(file);
        if (data.length < MIN_BYTES) continue;
        const brotli = brotliCompressSync(data, {
          params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
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

const api = process.env.API_URL ?? 'http://localhost:3000';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), prerenderAndPrecompress()],
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
      output: {
        // React, the router, the query cache and tRPC in one long-cached chunk; zod (only forms need
        // it) in its own, so shared chunks never drag it into the landing page (budget: 200 KB).
        codeSplitting: {
          groups: [
            { name: 'vendor', test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|@trpc)[\\/]/, priority: 20 },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 10 },
          ],
        },
      },
    },
  },
}));
