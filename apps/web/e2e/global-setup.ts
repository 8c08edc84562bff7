import { launchSharedBrowser, prepareEmbeddedDatabase } from './harness';

// Once per browser-test run: the migrated embedded database every product starts from, and the
// Chromium every spec file connects to (see harness.ts).
async function setup(): Promise<() => Promise<void>> {
  const dropDatabase = await prepareEmbeddedDatabase();
  const stopBrowser = await launchSharedBrowser();
  return async () => {
    await stopBrowser();
    dropDatabase();
  };
}
export { setup as default };
