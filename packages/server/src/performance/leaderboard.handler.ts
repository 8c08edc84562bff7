import type { Db } from '@t0/db';
import {
  LEADERBOARD_MIN_TRADES,
  leaderboardFigures,
  rankLeaderboard,
  type LeaderboardWindow,
} from '@t0/contracts/domain/performance/analyst-record';
import { recordTrades } from '@t0/contracts/domain/performance/track-record';
import type { Leaderboard } from '@t0/contracts/schemas/performance/performance';
import { findActiveAnalystDesk, listAnalystsForBoard } from '../analysts/analysts.queries';
import type { Context } from '../core/context';
import { forbidden, unauthorized } from '../core/errors';
import { listAllSignalEvents } from '../signals/signal-events.queries';
import { leaderboardPublished, prescribedStatementShown } from '../site/site-settings.queries';
import { publishedOutcomes } from './performance.handler';

// The analysts' leaderboard (docs/features/analysts.md): per analyst, departed ones kept, the
// record's figures over their trades closed in the window, ranked by expectancy past a minimum
// number of trades. Internal (administrators and active analysts) until the desk publishes it.

/** Who may read the board while it is internal: an administrator past the second factor, or an active analyst. */
async function requireBoardReader(ctx: Pick<Context, 'db' | 'user'>): Promise<void> {
  const user = ctx.user;
  if (!user) throw unauthorized();
  const refusal = forbidden('The leaderboard is for administrators and analysts until the desk publishes it');
  if (user.secondFactor === 'code_required') throw refusal;
  if (user.isAdmin) return;
  if (user.isAnalyst && (await findActiveAnalystDesk(ctx.db, user.id))) return;
  throw refusal;
}

/** The board over trades closed in `window` (demo signals only when `includeDemo`). */
export async function computeLeaderboard(
  db: Db,
  opts: { includeDemo: boolean; window: LeaderboardWindow; now?: Date },
): Promise<Omit<Leaderboard, 'published' | 'statement'>> {
  const now = opts.now ?? new Date();
  const [analysts, events] = await Promise.all([listAnalystsForBoard(db), listAllSignalEvents(db)]);
  const { outcomes, authorship } = publishedOutcomes(events, opts.includeDemo);
  const rows = analysts.map((a) => ({
    key: a.slug,
    analyst: a,
    figures: leaderboardFigures(
      recordTrades(outcomes.filter((o) => authorship.get(o.signalId)?.analystId === a.id)),
      opts.window,
      now,
    ),
  }));
  return {
    window: opts.window,
    minTrades: LEADERBOARD_MIN_TRADES,
    includesDemo: opts.includeDemo,
    rows: rankLeaderboard(rows).map((r) => ({
      rank: r.rank,
      analystId: r.analyst.id,
      slug: r.analyst.slug,
      displayName: r.analyst.displayName,
      title: r.analyst.title,
      active: r.analyst.active,
      ...r.figures,
    })),
    generatedAt: now.toISOString(),
  };
}

/** `GET /api/performance/leaderboard`: public once published, else for administrators and analysts (401/403). */
export async function leaderboardFor(
  ctx: Pick<Context, 'db' | 'user'>,
  opts: { includeDemo: boolean; window: LeaderboardWindow },
): Promise<Leaderboard> {
  const published = await leaderboardPublished(ctx.db);
  if (!published) await requireBoardReader(ctx);
  const board = await computeLeaderboard(ctx.db, opts);
  return { ...board, published, statement: await prescribedStatementShown(ctx.db) };
}
