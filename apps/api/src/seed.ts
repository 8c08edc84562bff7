import type { Database } from '@t0/db';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';

// Demo content for a first start (signals, memos, notes, posts, a resource) lands with the content API.
export async function seedDemoContent(_db: Kysely<Database>, _log: Logger): Promise<void> {}
