import { roundTo } from '@t0/contracts';
import { appendSignalEvents, findRoomOfInstrument, type Storage } from '@t0/server';
import type { Db } from '@t0/db';
import type { Logger } from 'pino';
import { CHECKLIST_SECTIONS, DEMO_MEMOS, DEMO_NOTES, DEMO_POSTS, DEMO_RESOURCE, DEMO_SIGNALS } from './seed/content';
import { demoHistory } from './seed/demo-record';
import { buildPdf, wrap, type PdfLine } from './seed/pdf';
import { drawCandleChart } from './seed/png';
import {
  hasNoContent,
  insertDemoMemo,
  insertDemoNotes,
  insertDemoPosts,
  insertDemoResource,
  insertDemoSignal,
  lockSeeding,
} from './seed/seed.queries';

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
 * Demo signals: a few months of closed ones played through the lifecycle (see seed/demo-record.ts)
 * and the open ones of the demo terminal, each with its hash-chained events, oldest first, all
 * marked as demo (left out of the track record with SEED_DEMO=false).
 */
async function seedDemoSignals(trx: Db, now: Date) {
  const history = demoHistory(now);
  for (const t of history) {
    const s = t.state;
    const room = (await findRoomOfInstrument(trx, t.instrument)).slug;
    const id = await insertDemoSignal(trx, {
      room,
      instrument: t.instrument,
      direction: t.direction,
      entryPrice: t.entryPrice,
      slPrice: s.slPrice,
      t0Price: t.t0Price,
      t1Price: t.t1Price,
      memo: t.memo,
      confidence: t.confidence,
      monthlyBias: t.monthlyBias,
      status: s.status,
      t0Hit: s.t0Hit,
      stopToEntry: s.stopToEntry,
      isDemo: true,
      riskPrice: roundTo(Math.abs(t.entryPrice - t.slPrice), 5),
      fillPrice: s.fillPrice,
      bestPrice: s.bestPrice,
      worstPrice: s.worstPrice,
      exitPrice: t.exitPrice,
      currentPrice: t.exitPrice ?? t.lastPrice,
      closedAt: t.closedAt,
      closeReason: t.closeReason,
      createdAt: t.publishedAt,
      updatedAt: t.closedAt ?? t.publishedAt,
    });
    await appendSignalEvents(
      trx,
      id,
      t.events.map((e) => ({
        type: e.type,
        price: e.price,
        at: e.at,
        actor: e.type === 'created' || e.type === 'activated' ? 'seed' : 'system',
        data: e.data,
        context: e.type === 'created' ? { room, author: null, priceSource: null } : null,
      })),
    );
  }
  for (const s of DEMO_SIGNALS) {
    const publishedAt = new Date(now.getTime() - s.ageMs);
    const filled = s.status === 'active';
    const room = (await findRoomOfInstrument(trx, s.instrument)).slug;
    const id = await insertDemoSignal(trx, {
      room,
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
      isDemo: true,
      riskPrice: roundTo(Math.abs(s.entryPrice - s.slPrice), 5),
      fillPrice: filled ? s.entryPrice : null,
      bestPrice: filled ? s.entryPrice : null,
      worstPrice: filled ? s.entryPrice : null,
      createdAt: publishedAt,
      updatedAt: publishedAt,
    });
    const { ageMs: _age, ...content } = s;
    await appendSignalEvents(trx, id, [
      {
        type: 'created',
        at: publishedAt,
        actor: 'seed',
        data: { ...content, stopToEntry: true, demo: true },
        context: { room, author: null, priceSource: null },
      },
      ...(filled ? [{ type: 'activated' as const, price: s.entryPrice, at: publishedAt, actor: 'seed' }] : []),
    ]);
  }
  return history.length + DEMO_SIGNALS.length;
}

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
    await lockSeeding(trx);
    if (!(await hasNoContent(trx))) return false;
    const now = Date.now();

    await seedDemoSignals(trx, new Date(now));

    for (const m of DEMO_MEMOS) {
      await insertDemoMemo(
        trx,
        {
          instrument: m.instrument,
          memoText: m.memoText,
          keyLevels: m.keyLevels,
          marketStructure: m.marketStructure,
          riskManagement: m.riskManagement,
        },
        [`/objects/${imageKey(m.instrument)}`],
      );
    }

    await insertDemoNotes(
      trx,
      DEMO_NOTES.map((n) => ({ ...n })),
    );

    await insertDemoPosts(
      trx,
      DEMO_POSTS.map((p) => ({
        title: p.title,
        excerpt: p.excerpt,
        author: p.author,
        content: p.content,
        isPublished: true,
        createdAt: new Date(now - p.ageMs),
        updatedAt: new Date(now - p.ageMs),
      })),
    );

    await insertDemoResource(trx, {
      title: DEMO_RESOURCE.title,
      description: DEMO_RESOURCE.description,
      category: DEMO_RESOURCE.category,
      fileName: DEMO_RESOURCE.fileName,
      fileUrl: `/objects/${DEMO_RESOURCE.key}`,
      fileSize: pdf.length,
      fileType: 'application/pdf',
    });
    return true;
  });

  if (seeded) {
    log.info(
      {
        signals: 'open and a few months closed',
        memos: DEMO_MEMOS.length,
        notes: DEMO_NOTES.length,
        posts: DEMO_POSTS.length,
        resources: 1,
      },
      'demo content added (SEED_DEMO=false skips this)',
    );
  }
  return seeded;
}
