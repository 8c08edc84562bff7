// What src/main.tsx loads in its second step: the app and what it needs to start.
export { App } from './App';
export { startsPrerendered } from './lib/startup';
export { preloadPrerendered } from './routes';
export { beginPrerenderedHydration } from './lib/hydration';
