import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './styles/global.css';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './App';
import { startsPrerendered } from './lib/startup';
import { preloadPrerendered } from './routes';

// The full stylesheet arrives without holding up the first paint (the pre-rendered page carries
// the rules it needs inline; vite-prerender.ts): applied now that the app is starting.
for (const link of document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"][data-deferred]')) link.media = 'all';

const container = document.getElementById('root')!;
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

// A pre-rendered page (src/prerender.tsx) is hydrated: the app takes over the markup on screen
// instead of drawing it again (no new elements, no second layout of the whole page). Its screen's
// code is loaded first, and the work is done in a transition, in short slices that leave the main
// thread free to answer input. Any other address starts from the empty shell and is drawn.
void preloadPrerendered(window.location.pathname).then(() =>
  startTransition(() => {
    if (startsPrerendered) hydrateRoot(container, app);
    else createRoot(container).render(app);
  }),
);
