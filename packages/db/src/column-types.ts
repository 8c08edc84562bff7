import type { ColumnType } from 'kysely';

/** A json/jsonb column: written as JSON text (`JSON.stringify`), read back parsed, of any shape. */
export type JsonText = ColumnType<unknown, string, string>;
