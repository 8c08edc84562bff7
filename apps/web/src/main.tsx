import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';

// The full stylesheet arrives without holding up the first paint (the pre-rendered page carries
// the rules it needs inline; vite-prerender.ts): applied now that the app is starting, in a task of
// its own (restyling the whole page), not in the one that runs the app's code.
setTimeout(() => {
  for (const link of document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"][data-deferred]'))
    link.media = 'all';
}, 0);

/** Lets the browser paint and answer input before the next piece of start-up work. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Starts the app in pieces, each its own task: this entry with React; then the router; then the
 * query cache and tRPC libraries; then Mantine; then the app's code (src/App.tsx and its screens); then the
 * app's router and clients; then the first render.
 * All are fetched with the entry (index.html preloads them) and run here, one chunk a task: running
 * all of it at once held the main thread for one long task.
 */
async function start() {
  const container = document.getElementById('root')!;
  await nextTask();
  await import('./start-router');
  await nextTask();
  await import('./start-vendor');
  await nextTask();
  await import('./start-ui');
  await nextTask();
  const {
    App,
    startsPrerendered,
    preloadPrerendered,
    beginPrerenderedHydration,
    createAppRouter,
    makeAppQueryClient,
    makeTrpcClient,
    startLanguage,
    startPrerenderedLanguage,
  } = await import('./app-entry');
  // A page drawn here (not hydrated) starts in the visitor's language, its words fetched first; a
  // pre-rendered one in the language it was built in, with the words it carries.
  if (startsPrerendered) startPrerenderedLanguage();
  else await startLanguage();
  // The screen of a pre-rendered address is loaded before the first render, which then draws it
  // at once (a lazily loaded screen would first draw a loading fallback). Its chunks are named in
  // the pre-rendered page (vite.config.ts, PRERENDERED_SCREENS); running them is a task of its own,
  // not part of the app's.
  await nextTask();
  await preloadPrerendered(window.location.pathname);
  // The router (matching the address against every route) and the clients are made before the
  // first render, each in a task of its own, not in the render's first slice.
  await nextTask();
  const router = createAppRouter();
  await nextTask();
  const queryClient = makeAppQueryClient();
  const trpcClient = makeTrpcClient();
  await nextTask();
  const app = (
    <StrictMode>
      <App router={router} queryClient={queryClient} trpcClient={trpcClient} />
    </StrictMode>
  );
  // A pre-rendered page (src/prerender.tsx) is hydrated: the app takes over the markup on screen
  // instead of drawing it again (no new elements, no second layout of the whole page). The work is
  // done in a transition, in short slices that leave the main thread free to answer input. Any
  // other address starts from the empty shell and is drawn.
  startTransition(() => {
    if (startsPrerendered) {
      beginPrerenderedHydration();
      hydrateRoot(container, app);
    } else {
      createRoot(container).render(app);
    }
  });
}

void start();
