import { sql, type Kysely } from 'kysely';

// An address is one account whatever its case: users.email becomes unique on lower(email). The
// unique index cannot be built while two accounts differ only in case, and which one to keep is
// a decision for a person; so the migration looks for them first and, if there are any, stops
// with a message listing them instead of failing on the index with a bare constraint error.

interface CaseDuplicate {
  address: string;
  accounts: string;
}

/** Addresses held by more than one account when case is ignored, each with its accounts. */
export async function findCaseDuplicateEmails(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  db: Kysely<any>,
): Promise<CaseDuplicate[]> {
  const { rows } = await sql<CaseDuplicate>`
    select lower(email) as address,
           string_agg(email || ' (id ' || id || ')', ', ' order by id) as accounts
    from users
    group by lower(email)
    having count(*) > 1
    order by lower(email)`.execute(db);
  return rows;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const duplicates = await findCaseDuplicateEmails(db);
  if (duplicates.length > 0) {
    const list = duplicates.map((d) => `  ${d.address}: ${d.accounts}`).join('\n');
    throw new Error(
      `Cannot make users.email unique regardless of case: ${duplicates.length} address(es) belong to more than one account, differing only in case:\n${list}\n` +
        'Merge or rename these accounts (keep one account per address), then start again.',
    );
  }
  await db.schema
    .createIndex('users_email_lower_uq')
    .on('users')
    .expression(sql`lower(email)`)
    .unique()
    .execute();
  // The plain index on lower(email) is covered by the unique one.
  await db.schema.dropIndex('users_email_lower_idx').ifExists().execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('users_email_lower_idx')
    .on('users')
    .expression(sql`lower(email)`)
    .execute();
  await db.schema.dropIndex('users_email_lower_uq').execute();
}
