import type { Storage } from '@t0/contracts/server';
import type { Database } from '@t0/db';
import { sql, type Kysely } from 'kysely';
import type { Logger } from 'pino';
import {
  CHECKLIST_SECTIONS,
  DEMO_MEMOS,
  DEMO_NOTES,
  DEMO_POSTS,
  DEMO_RESOURCE,
  DEMO_SIGNALS,
} from './seed/content';
import { buildPdf, wrap, type PdfLine } from './seed/pdf';
import { drawCandleChart } from './seed/png';

type Db = Kysely<Database>;

/** Serialises concurrent first starts of several API processes on one database. */
const SEED_LOCK = 730_001;
const CONTENT_TABLES = ['signals', 'chartMemos', 'chartNotes', 'blogPosts', 'resources'] as const;

/** Whether no content of any kind exists yet: the only time demo content is added. */
export async function hasNoContent(db: Db): Promise<boolean> {
  for (const table of CONTENT_TABLES) {
    const row = await db.selectFrom(table).select('id').limit(1).executeTakeFirst();
    if (row) return false;
  }
  return true;
}

export function checklistPdf(): Buffer {
  const lines: PdfLine[] = [{ text: DEMO_RESOURCE.title, heading: true }];
  for (const line of wrap(DEMO_RESOURCE.description, 95)) lines.push({ text: line });
  for (const section of CHECKLIST_SECTIONS) {
    lines.push({ text: section.heading, heading: true });
    for (const item of section.items) {
      wrap(item, 88).forEach((part, i) => lines.push({ text: `${i === 0 ? '[ ]' : '   '} ${part}` }));
    }
  }
  lines.push({ text: '' }, { text: 'T0 Terminal - educational material, not investment advice.' });
  return buildPdf(DEMO_RESOURCE.title, lines);
}

const imageKey = (instrument: string) => `images/demo/${instrument.toLowerCase()}-daily.png`;

/**
 * Demo content for a first start, so a new user sees a living terminal: signals (active, limit and
 * closed), a memo with a chart for each instrument, chart notes, published posts and a resource (a
 * PDF generated here and stored through the storage port). Runs only while every content table is
 * empty, so it never adds to or brings back an administrator's content; safe to call on every start.
 */
export async function seedDemoContent(db: Db, storage: Storage, log: Pick<Logger, 'info'>): Promise<boolean> {
  if (!(await hasNoContent(db))) return false;

  // Files first, under fixed keys: writing them twice is harmless.
  const pdf = checklistPdf();
  await storage.put(DEMO_RESOURCE.key, pdf, 'application/pdf');
  for (const memo of DEMO_MEMOS) await storage.put(imageKey(memo.instrument), drawCandleChart(memo.chart), 'image/png');

  const seeded = await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${sql.lit(SEED_LOCK)})`.execute(trx);
    if (!(await hasNoContent(trx))) return false;
    const now = Date.now();

    await trx
      .insertInto('signals')
      .values(
        DEMO_SIGNALS.map((s) => ({
          instrument: s.instrument,
          direction: s.direction,
          entryPrice: s.entryPrice,
          slPrice: s.slPrice,
          t0Price: s.t0Price,
          t1Price: s.t1Price,
          memo: s.memo,
          confidence: s.confidence,
          monthlyBias: s.monthlyBias,
          status: s.status,
          t0Hit: s.t0Hit ?? false,
          createdAt: new Date(now - s.ageMs),
          updatedAt: new Date(now - s.ageMs),
        })),
      )
      .execute();

    for (const m of DEMO_MEMOS) {
      await trx
        .insertInto('chartMemos')
        .values({
          instrument: m.instrument,
          memoText: m.memoText,
          keyLevels: m.keyLevels,
          marketStructure: m.marketStructure,
          riskManagement: m.riskManagement,
          memoImageUrls: sql<string[]>`array[${`/objects/${imageKey(m.instrument)}`}]::text[]`,
        })
        .execute();
    }

    await trx.insertInto('chartNotes').values(DEMO_NOTES.map((n) => ({ ...n }))).execute();

    await trx
      .insertInto('blogPosts')
      .values(
        DEMO_POSTS.map((p) => ({
          title: p.title,
          excerpt: p.excerpt,
          author: p.author,
          content: p.content,
          isPublished: true,
          createdAt: new Date(now - p.ageMs),
          updatedAt: new Date(now - p.ageMs),
        })),
      )
      .execute();

    await trx
      .insertInto('resources')
      .values({
        title: DEMO_RESOURCE.title,
        description: DEMO_RESOURCE.description,
        category: DEMO_RESOURCE.category,
        fileName: DEMO_RESOURCE.fileName,
        fileUrl: `/objects/${DEMO_RESOURCE.key}`,
        fileSize: pdf.length,
        fileType: 'application/pdf',
      })
      .execute();
    return true;
  });

  if (seeded) {
    log.info(
      { signals: DEMO_SIGNALS.length, memos: DEMO_MEMOS.length, notes: DEMO_NOTES.length, posts: DEMO_POSTS.length, resources: 1 },
      'demo content added (SEED_DEMO=false skips this)',
    );
  }
  return seeded;
}
