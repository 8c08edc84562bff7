import type { Change, KeptReads } from './kept-reads';
import type { ChangeSubscriber } from './notices';
import { changesOfNotice, NOTICED_TABLES } from './notice-changes';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyKeptReads = KeptReads<any, any>;

/**
 * Every cache of the process, and the routes to them derived from what each declares it reads:
 * `tables` is what the local-writes plugin watches, `written` takes this process's writes,
 * `notice` the database's change notices (any process's writes). A cache added here is reached by
 * writes to its tables with nothing else to change.
 */
export class CacheRouting implements ChangeSubscriber {
  private readonly caches: AnyKeptReads[] = [];
  private readonly byTable = new Map<string, AnyKeptReads[]>();
  private readonly watched = new Set<string>();
  private live = false;

  constructor(caches: AnyKeptReads[] = []) {
    for (const cache of caches) this.add(cache);
  }

  /** Every table some cache reads (the same object as caches are added: the plugin sees new ones). */
  get tables(): ReadonlySet<string> {
    return this.watched;
  }

  add(cache: AnyKeptReads): void {
    this.caches.push(cache);
    for (const table of Object.keys(cache.reads)) {
      this.watched.add(table);
      const list = this.byTable.get(table);
      if (list) list.push(cache);
      else this.byTable.set(table, [cache]);
    }
    cache.setLive(this.live);
  }

  /** Tables a cache reads that no trigger tells about: other processes' writes to them do not reach it. */
  unnoticedTables(): string[] {
    return [...this.watched].filter((t) => !NOTICED_TABLES.has(t));
  }

  /** A write of this process, as soon as it has run. */
  written(change: Change): void {
    const caches = this.byTable.get(change.table);
    if (caches) for (const cache of caches) cache.changed(change);
  }

  notice(payload: string): void {
    for (const change of changesOfNotice(payload)) this.written(change);
  }

  setLive(live: boolean): void {
    this.live = live;
    for (const cache of this.caches) cache.setLive(live);
  }
}
