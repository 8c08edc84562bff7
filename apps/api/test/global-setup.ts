// Once per test run: the migrated databases every test file copies (see @t0/db/testing).
export { prepareTestDatabases as default } from '@t0/db/testing';
