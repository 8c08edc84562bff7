import type { Change } from './kept-reads';

/**
 * What the database's change triggers say, as changes of tables (the triggers are in the
 * migrations 20260120000000_change_notices, 20261127000200_broadcasts_stored_once,
 * 20261128000000_api_tokens and 20261207200000_api_token_expiry). A notice is routed to the caches
 * like a write of this process: by the tables they declare.
 */
interface NoticeKind {
  /** `u:` in `u:<id>`; a notice without a value has none. */
  prefix: string;
  /** The tables whose triggers send it, and the column its value is. */
  tables: readonly { table: string; column: string }[];
  /** The notice a statement touching many rows sends instead. */
  wide?: string;
  /** Tables whose triggers send only the wide notice. */
  wideOnly?: readonly string[];
  /** Values are numbers (ids) rather than text (session ids). */
  numeric: boolean;
}

const NOTICE_KINDS: readonly NoticeKind[] = [
  {
    prefix: 'u:',
    tables: [
      { table: 'users', column: 'id' },
      { table: 'admin_second_factors', column: 'user_id' },
    ],
    wide: '*',
    numeric: true,
  },
  { prefix: 's:', tables: [{ table: 'sessions', column: 'sid' }], wide: '*', numeric: false },
  { prefix: 'pat:', tables: [{ table: 'api_tokens', column: 'id' }], numeric: true },
  {
    prefix: 'un:',
    tables: [
      { table: 'user_notifications', column: 'user_id' },
      { table: 'notification_reads', column: 'user_id' },
    ],
    wide: 'un:*',
    // A broadcast delivered or removed moves every user's count.
    wideOnly: ['notifications'],
    numeric: true,
  },
];

/** Notices of a whole table (no value). */
const TABLE_NOTICES: Readonly<Record<string, string>> = { signals: 'signals' };

/** Every table some trigger tells about: a cache reading another one sees only this process's writes. */
export const NOTICED_TABLES: ReadonlySet<string> = new Set([
  ...NOTICE_KINDS.flatMap((k) => [...k.tables.map((t) => t.table), ...(k.wideOnly ?? [])]),
  ...Object.values(TABLE_NOTICES),
]);

/** The changes one notice stands for (none for notices that are not about tables, e.g. `e:<id>`). */
export function changesOfNotice(payload: string): Change[] {
  const table = TABLE_NOTICES[payload];
  if (table) return [{ table, kind: 'update', keys: {} }];
  const wide = NOTICE_KINDS.filter((k) => k.wide === payload);
  if (wide.length)
    return wide
      .flatMap((k) => [...k.tables.map((t) => t.table), ...(k.wideOnly ?? [])])
      .map((t) => ({ table: t, kind: 'update', keys: {} }));
  const kind = NOTICE_KINDS.find((k) => payload.startsWith(k.prefix));
  if (!kind) return [];
  const text = payload.slice(kind.prefix.length);
  const value = kind.numeric ? Number(text) : text;
  if (kind.numeric && !Number.isInteger(value))
    return kind.tables.map((t) => ({ table: t.table, kind: 'update', keys: {} }));
  return kind.tables.map((t) => ({ table: t.table, kind: 'update', keys: { [t.column]: value } }));
}
