import { launchSharedBrowser, prepareDatabase, serveSharedProduct } from './harness';

// Once per browser-test run: the migrated database every product starts from, the
// Chromium every spec file connects to, and the product with the default settings that the spec
// files asking for no other share (started when first asked for; see harness.ts).
async function setup(): Promise<() => Promise<void>> {
  const dropDatabase = await prepareDatabase();
  const stopBrowser = await launchSharedBrowser();
  const stopSharedProduct = await serveSharedProduct();
  return async () => {
    await stopSharedProduct();
    await stopBrowser();
    await dropDatabase();
  };
}
export { setup as default };
