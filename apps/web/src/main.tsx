import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './styles/global.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { preloadPrerendered } from './routes';

// The full stylesheet arrives without holding up the first paint (the pre-rendered page carries
// the rules it needs inline; scripts/prerender.mjs): applied now that the app is starting.
for (const link of document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"][data-deferred]')) link.media = 'all';

// The pre-rendered page stays on screen until the app has drawn the same page: its screen's code
// is loaded first, and the app is drawn in a transition, in short slices that leave the main
// thread free to answer input.
void preloadPrerendered(window.location.pathname).then(() =>
  startTransition(() => {
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  }),
);
