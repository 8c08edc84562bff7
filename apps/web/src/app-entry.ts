// What src/main.tsx loads in its last step: the app and what it needs to start. The stylesheets
// are imported here, first, so the build writes them and the app's own rules into one file, in this
// order (vite.config.ts links it from the pre-rendered pages).
import './styles/mantine.css';
import '@mantine/notifications/styles.css';
import './styles/global.css';
export { App, makeAppQueryClient } from './App';
export { makeTrpcClient } from './lib/trpc';
export { startsPrerendered } from './lib/startup';
export { createAppRouter, preloadPrerendered } from './routes';
export { beginPrerenderedHydration } from './lib/hydration';
export { startLanguage, startPrerenderedLanguage } from './lib/i18n/start';
// Last, where MantineProvider's <style> stood (after every other stylesheet, the app's modules'
// included): the theme's variables (styles/theme-variables.test.tsx).
import './styles/theme-variables.css';
