// Once per test run: the databases every test file copies (see testing.ts).
export { prepareTestDatabases as default } from './testing';
