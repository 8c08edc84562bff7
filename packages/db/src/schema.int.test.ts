import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, testDbKinds, type TestDb } from './testing';

// The specification's data schema, column for column:
// name -> [data type, character length | numeric precision/scale, nullable, default-like]
const spec: Record<string, Record<string, string>> = {
  users: {
    id: 'integer',
    email: 'character varying(255) not null',
    password: 'character varying(255) not null',
    first_name: 'character varying(100)',
    last_name: 'character varying(100)',
    profile_image_url: 'character varying(500)',
    is_admin: 'boolean not null default false',
    stripe_customer_id: 'character varying(255)',
    stripe_subscription_id: 'character varying(255)',
    whop_user_id: 'character varying(255)',
    whop_subscription_id: 'character varying(255)',
    subscription_status: "character varying(50) not null default 'inactive'",
    has_active_subscription: 'boolean not null default false',
    created_at: 'timestamp with time zone not null',
    updated_at: 'timestamp with time zone not null',
    last_login_at: 'timestamp with time zone',
    session_id: 'character varying(255)',
    device_info: 'character varying(500)',
    ip_address: 'character varying(45)',
    needs_admin_notification: 'boolean not null default false',
    email_notifications_enabled: 'boolean not null default true',
  },
  sessions: {
    sid: 'character varying(255) not null',
    sess: 'json not null',
    expire: 'timestamp with time zone not null',
  },
  // Prices are numeric(15,5) rather than the spec's numeric(10,5): instruments added in the console
  // (BTCUSD) trade above 100,000 (migration 20261208100000_instruments).
  signals: {
    id: 'integer',
    instrument: 'character varying(10) not null',
    direction: 'character varying(5) not null',
    entry_price: 'numeric(15,5) not null',
    sl_price: 'numeric(15,5) not null',
    t0_price: 'numeric(15,5) not null',
    t1_price: 'numeric(15,5) not null',
    memo: "text not null default ''",
    current_price: 'numeric(15,5)',
    status: "character varying(20) not null default 'active'",
    t0_hit: 'boolean not null default false',
    confidence: 'integer not null default 75',
    monthly_bias: 'character varying(30) not null',
    created_at: 'timestamp with time zone not null',
    updated_at: 'timestamp with time zone not null',
  },
  signal_emails: {
    id: 'integer',
    signal_id: 'integer not null',
    user_id: 'integer not null',
    sent_at: 'timestamp with time zone not null',
    delivery_status: "character varying(20) not null default 'sent'",
  },
  notifications: {
    id: 'integer',
    title: 'character varying(255) not null',
    message: 'text not null',
    type: "character varying(50) not null default 'info'",
    priority: "character varying(20) not null default 'normal'",
    is_global: 'boolean not null default false',
    created_by: 'integer',
    created_at: 'timestamp with time zone not null',
    expires_at: 'timestamp with time zone',
  },
  user_notifications: {
    id: 'integer',
    user_id: 'integer not null',
    notification_id: 'integer not null',
    is_read: 'boolean not null default false',
    read_at: 'timestamp with time zone',
    created_at: 'timestamp with time zone not null',
  },
  chart_memos: {
    id: 'integer',
    instrument: 'character varying(10) not null',
    memo_text: "text not null default ''",
    memo_image_urls: 'ARRAY not null',
    key_levels: "text not null default ''",
    market_structure: "text not null default ''",
    risk_management: "text not null default ''",
    updated_at: 'timestamp with time zone not null',
    updated_by: 'integer',
  },
  password_reset_tokens: {
    id: 'integer',
    email: 'character varying(255) not null',
    token: 'character varying(255) not null',
    expires_at: 'timestamp with time zone not null',
    used: 'boolean not null default false',
    created_at: 'timestamp with time zone not null',
  },
  resources: {
    id: 'integer',
    title: 'character varying(255) not null',
    description: 'text',
    file_name: 'character varying(255) not null',
    file_url: 'character varying(500) not null',
    file_size: 'integer not null',
    file_type: 'character varying(100) not null',
    category: "character varying(100) not null default 'general'",
    is_active: 'boolean not null default true',
    uploaded_by: 'integer',
    created_at: 'timestamp with time zone not null',
    updated_at: 'timestamp with time zone not null',
  },
  // One entry per kind of identity, unique per kind and value; `email` is the address as entered, on
  // e-mail entries only (migration 20261226000000_blacklist_kinds).
  blacklisted_emails: {
    id: 'integer',
    email: 'character varying(255)',
    kind: "character varying(16) not null default 'email'",
    value: 'character varying(255) not null',
    reason: 'character varying(500)',
    blacklisted_at: 'timestamp with time zone not null',
    blacklisted_by: 'character varying(255)',
  },
  pending_payments: {
    id: 'integer',
    email: 'character varying(255) not null',
    plan: 'character varying(50) not null',
    created_at: 'timestamp with time zone not null',
  },
  admin_messages: {
    id: 'integer',
    user_id: 'integer not null',
    message: 'text',
    image_url: 'character varying(500)',
    is_from_admin: 'boolean not null default false',
    is_read: 'boolean not null default false',
    read_at: 'timestamp with time zone',
    created_at: 'timestamp with time zone not null',
  },
  message_rate_limits: {
    id: 'integer',
    user_id: 'integer not null',
    message_count: 'integer not null default 0',
    window_start: 'timestamp with time zone not null',
  },
  chart_notes: {
    id: 'integer',
    instrument: 'character varying(10) not null',
    timeframe: 'character varying(20) not null',
    note: "text not null default ''",
    updated_at: 'timestamp with time zone not null',
    updated_by: 'integer',
  },
  blog_posts: {
    id: 'integer',
    title: 'character varying(255) not null',
    content: 'text not null',
    author: 'character varying(255) not null',
    excerpt: 'text',
    image_url: 'character varying(500)',
    is_published: 'boolean not null default true',
    created_by: 'integer',
    created_at: 'timestamp with time zone not null',
    updated_at: 'timestamp with time zone not null',
  },
};

interface ColumnInfo {
  table_name: string;
  column_name: string;
  data_type: string;
  character_maximum_length: number | null;
  numeric_precision: number | null;
  numeric_scale: number | null;
  is_nullable: 'YES' | 'NO';
  column_default: string | null;
}

function describeColumn(c: ColumnInfo): string {
  let text = c.data_type;
  if (c.character_maximum_length) text += `(${c.character_maximum_length})`;
  if (c.data_type === 'numeric') text += `(${c.numeric_precision},${c.numeric_scale})`;
  if (c.column_name === 'id') return text; // serial primary key
  if (c.is_nullable === 'NO') text += ' not null';
  const d = c.column_default;
  if (d && !d.startsWith('now()') && !d.startsWith('CURRENT_TIMESTAMP') && !d.startsWith("'{}'")) {
    text += ` default ${d.replace(/::[a-z ]+$/, '')}`;
  }
  return text;
}

const kinds = await testDbKinds();

describe.each(kinds)('stored schema on %s', (kind) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb(kind);
  });
  afterAll(async () => t.drop());

  it('has every table and column of the specified data schema', async () => {
    const { rows } = await sql<ColumnInfo>`
      select table_name, column_name, data_type, character_maximum_length, numeric_precision,
             numeric_scale, is_nullable, column_default
      from information_schema.columns where table_schema = 'public'`.execute(t.db.withoutPlugins());
    for (const [table, columns] of Object.entries(spec)) {
      const actual = Object.fromEntries(
        rows.filter((r) => r.table_name === table).map((r) => [r.column_name, describeColumn(r)]),
      );
      for (const [column, expected] of Object.entries(columns)) {
        expect(actual[column], `${table}.${column}`).toBe(expected);
      }
    }
  });

  it('has the keys and indexes the spec states', async () => {
    const { rows } = await sql<{ indexdef: string }>`
      select indexdef from pg_indexes where schemaname = 'public'`.execute(t.db.withoutPlugins());
    const defs = rows.map((r) => r.indexdef).join('\n');
    expect(defs).toMatch(/UNIQUE INDEX \S+ ON public\.users USING btree \(email\)/);
    expect(defs).toMatch(/ON public\.sessions USING btree \(expire\)/);
    expect(defs).toMatch(/UNIQUE INDEX \S+ ON public\.chart_notes USING btree \(instrument, timeframe\)/);
    expect(defs).toMatch(/UNIQUE INDEX \S+ ON public\.chart_memos USING btree \(instrument\)/);
    expect(defs).toMatch(/UNIQUE INDEX \S+ ON public\.password_reset_tokens USING btree \(token\)/);
    expect(defs).toMatch(/UNIQUE INDEX \S+ ON public\.blacklisted_emails USING btree \(kind, value\)/);

    const { rows: fks } = await sql<{ tbl: string; def: string }>`
      select conrelid::regclass::text as tbl, pg_get_constraintdef(oid) as def
      from pg_constraint where contype = 'f'`.execute(t.db.withoutPlugins());
    const fk = (tbl: string, col: string) => fks.find((f) => f.tbl === tbl && f.def.includes(`(${col})`))?.def;
    expect(fk('user_notifications', 'user_id')).toMatch(/REFERENCES users\(id\) ON DELETE CASCADE/);
    expect(fk('user_notifications', 'notification_id')).toMatch(/REFERENCES notifications\(id\) ON DELETE CASCADE/);
    expect(fk('admin_messages', 'user_id')).toMatch(/ON DELETE CASCADE/);
    expect(fk('message_rate_limits', 'user_id')).toMatch(/ON DELETE CASCADE/);
    expect(fk('signal_emails', 'signal_id')).toMatch(/REFERENCES signals\(id\)/);
    expect(fk('chart_memos', 'updated_by')).toMatch(/REFERENCES users\(id\)/);
    expect(fk('blog_posts', 'created_by')).toMatch(/REFERENCES users\(id\)/);
    expect(fk('resources', 'uploaded_by')).toMatch(/REFERENCES users\(id\)/);
  });
});
