// Once per browser-test run: the migrated embedded database every product starts from (see harness.ts).
export { prepareEmbeddedDatabase as default } from './harness';
