// Checks a T0 Terminal's public track record without trusting the terminal: the hash chain of every
// signal event, and every signed checkpoint of it against the record's Ed25519 public key.
//
//   T0_URL=https://terminal.example pnpm --filter @t0/examples verify
//   pnpm --filter @t0/examples verify -- --url https://terminal.example --key published-key.pem
//   pnpm --filter @t0/examples verify -- --events events.json --checkpoints checkpoints.json --gaps gaps.json --key key.pem
//   pnpm --filter @t0/examples verify -- --url https://terminal.example --key key.pem --analyst <slug>
//
// Sources: with --url (or T0_URL) it downloads `GET /api/performance/events`, every page of
// `GET /api/performance/checkpoints`, `GET /api/performance/gaps` and `GET /api/performance/key`;
// --events, --checkpoints, --gaps and --key read saved copies instead (any mix). Pin the key the operator published elsewhere with
// --key (a PEM file, or the JSON of /api/performance/key): a key downloaded from the same server
// proves only that the server signed its own checkpoints. --save <dir> keeps what was downloaded.
//
// What is checked, offline (node:crypto only; the hash rule is the product's own `signalEventHash`):
//   1. the chain, oldest first: every event's prevHash is the hash before it (the first: 64 zeros);
//      an event whose content is present has its hash recomputed (SHA-256 over the previous hash
//      and the RFC 8785 JSON of signalId, type, price, at, actor, data, salt when it has one, and
//      context when it has one: a created event's room, author and price source, all three keys);
//      events of every format verify side by side (unsalted, salted, salted with a context);
//      an event whose content is withheld (an open signal, to a caller without a subscription) is
//      checked for its link only;
//   2. every checkpoint: its Ed25519 signature over
//      `t0-checkpoint/v1\n<headId>\n<headHash>\n<eventCount>\n<createdAt>` with the key, and that
//      the chain agrees with it: the event with the head id exists, has that hash, and is the
//      eventCount-th event. A log cut short, or rewritten with every hash recomputed, contradicts a
//      checkpoint signed before it (keep copies of checkpoints: the feed, the e-mails, the channels).
//   3. every gap a restore declared (`GET /api/performance/gaps`, or --gaps <file>): its Ed25519
//      signature over the twelve lines of `t0-restore-gap/v1` with the same key, the published
//      checkpoint it names (signed with the key), and that the chain holds its restored head. A
//      checkpoint signed before such a gap over more events than its restored head is reported as lost
//      in the declared gap, not as tampering; a gap that does not verify excuses nothing;
//   4. with --analyst <slug> (or --page <file>, a saved `GET /api/performance?analyst=<slug>`): the
//      analyst's page against the chain: every trade it lists is a trade of that analyst in the
//      chain (the created event's author names them) with the same R, and none of theirs is missing.
// It prints the first break and exits 1 when anything fails, 2 when the sources cannot be read.
import { createHash, createPublicKey, verify, type KeyObject } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { matchesRecordFilter, signalAuthorship } from '@t0/contracts/domain/performance/analyst-record';
import { gapCovering, restoredHeadProblem } from '@t0/contracts/domain/record/record-gaps';
import { restoreGapMessage, type RestoreGap } from '@t0/contracts/schemas/record/record';
import { signalOutcomes } from '@t0/contracts/domain/signals/signal-outcome';
import { GENESIS_HASH, signalEventHash } from '@t0/server';

export interface RecordEvent {
  id: number;
  signalId: number;
  type: string;
  price: number | null;
  at: string;
  actor: string;
  data: Record<string, unknown>;
  /** Null after an event whose hash is not shown (see `hash`). */
  prevHash: string | null;
  /** Null for an open signal's event written before events were salted, to a caller who may not read it. */
  hash: string | null;
  /** Present (true) when the server left out the content: the link is checked, not the hash. */
  withheld?: boolean;
  salt?: string | null;
  /** A created event's context (the third format); null or absent on every other event. */
  context?: { room: string; author: string | null; priceSource: string | null } | null;
}

export interface RecordCheckpoint {
  id: number;
  headId: number;
  headHash: string;
  eventCount: number;
  createdAt: string;
  signature: string;
  keyId: string;
}

export type RecordGap = Omit<RestoreGap, 'message'>;

export interface RecordKey {
  keyId?: string;
  publicKeyPem?: string;
  publicKeyBase64?: string;
}

export interface RecordReport {
  ok: boolean;
  events: number;
  /** Events whose hash was recomputed; the rest (withheld) were checked as links only. */
  recomputed: number;
  linkOnly: number;
  checkpoints: number;
  /** Declared restore gaps that verify (signature, the checkpoint they name, a restored head the chain holds). */
  gaps: number;
  keyId: string;
  /** Every line to print, in order. */
  lines: string[];
  /** The first break, in words, or null. */
  firstBreak: string | null;
}

const SPKI_ED25519_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

/** The public key as node:crypto takes it, from PEM or the raw 32 bytes in base64. */
export function publicKeyOf(key: RecordKey): KeyObject {
  if (key.publicKeyPem) return createPublicKey(key.publicKeyPem);
  if (key.publicKeyBase64) {
    const raw = Buffer.from(key.publicKeyBase64, 'base64');
    if (raw.length !== 32) throw new Error('the raw public key must be 32 bytes');
    return createPublicKey({ key: Buffer.concat([SPKI_ED25519_PREFIX, raw]), format: 'der', type: 'spki' });
  }
  throw new Error('no public key given');
}

/** The key's id: the first 16 hex digits of SHA-256 over the raw public key. */
export function keyIdOf(key: KeyObject): string {
  const raw = Buffer.from(String(key.export({ format: 'jwk' }).x), 'base64url');
  return createHash('sha256').update(raw).digest('hex').slice(0, 16);
}

export const checkpointMessage = (c: RecordCheckpoint) =>
  ['t0-checkpoint/v1', String(c.headId), c.headHash, String(c.eventCount), c.createdAt].join('\n');

/** Checks the chain and every checkpoint; never throws on bad data, reports it. */
export function verifyRecord(
  events: readonly RecordEvent[],
  checkpoints: readonly RecordCheckpoint[],
  key: KeyObject,
  declaredGaps: readonly RecordGap[] = [],
): RecordReport {
  const keyId = keyIdOf(key);
  const lines: string[] = [];
  let firstBreak: string | null = null;
  const fail = (what: string) => {
    firstBreak ??= what;
    lines.push(`FAIL ${what}`);
  };

  const sorted = [...events].sort((a, b) => a.id - b.id);
  let prev: string | null = GENESIS_HASH;
  let recomputed = 0;
  let linkOnly = 0;
  let chainOk = true;
  // `prev` is null after an event whose hash the server does not show (an open signal's event
  // written before events were salted): the link after it cannot be checked, only counted.
  let unknownLinks = 0;
  // A reader who does not hold an open signal's room is not shown its events after its publication
  // (their times would give its levels away): the event after such a gap comes with prevHash null.
  // Gaps are counted; a checkpoint after one can be checked only as far as the events shown allow.
  let gaps = 0;
  const gapsUpTo: number[] = [];
  for (const e of sorted) {
    if (e.prevHash === null && prev !== null && prev !== GENESIS_HASH) gaps++;
    gapsUpTo.push(gaps);
    if (prev === null || e.prevHash === null) {
      unknownLinks++;
    } else if (e.prevHash !== prev) {
      fail(
        `event ${e.id} (signal ${e.signalId}, ${e.type}): its prevHash ${e.prevHash.slice(0, 12)}… is not the hash before it (${prev.slice(0, 12)}…): an event was removed, inserted or changed before it`,
      );
      chainOk = false;
      break;
    }
    const base = e.prevHash === null ? null : (prev ?? e.prevHash);
    if (e.withheld || e.hash === null || base === null) {
      linkOnly++;
    } else {
      const content = {
        signalId: e.signalId,
        type: e.type,
        price: e.price,
        at: e.at,
        actor: e.actor,
        data: e.data,
        ...(e.salt ? { salt: e.salt } : {}),
        ...(e.context ? { context: e.context } : {}),
      };
      const hash = signalEventHash(base, content as Parameters<typeof signalEventHash>[1]);
      if (hash !== e.hash) {
        fail(
          `event ${e.id} (signal ${e.signalId}, ${e.type}): its content does not hash to ${e.hash.slice(0, 12)}… (recomputed ${hash.slice(0, 12)}…): it was changed`,
        );
        chainOk = false;
        break;
      }
      recomputed++;
    }
    prev = e.hash;
  }
  if (chainOk) {
    lines.push(
      `ok   chain: ${sorted.length} events linked from the genesis hash; ${recomputed} hashes recomputed from their content, ${linkOnly} withheld (content not served: open signals) checked as links only${unknownLinks ? `; ${unknownLinks} links after a withheld event or a gap not checkable` : ''}${gaps ? `; ${gaps} gaps where events of open signals in rooms this reader does not hold are not shown` : ''}`,
    );
  }

  const position = new Map<number, number>();
  sorted.forEach((e, i) => position.set(e.id, i));
  const signedBy = (message: string, signature: string) => {
    try {
      return verify(null, Buffer.from(message, 'utf8'), key, Buffer.from(signature, 'base64'));
    } catch {
      return false;
    }
  };

  // Declared gaps: each must verify before it accounts for any lost checkpoint.
  const held: RecordGap[] = [];
  for (const g of declaredGaps) {
    const name = `gap declared ${g.declaredAt} (restored to event ${g.restoredHeadId}, ${g.restoredEventCount} events)`;
    const lost = g.lostCheckpoint;
    if (g.keyId !== keyId || !signedBy(restoreGapMessage(g), g.signature)) {
      fail(`${name}: its signature does not verify with key ${keyId}`);
      continue;
    }
    if (lost.keyId !== keyId || !signedBy(checkpointMessage(lost), lost.signature)) {
      fail(`${name}: the checkpoint it names (${lost.id}) is not signed with key ${keyId}`);
      continue;
    }
    const at = position.get(g.restoredHeadId);
    const countShown = at !== undefined && gapsUpTo[at] === 0;
    const problem = restoredHeadProblem(
      g,
      at === undefined ? undefined : { hash: sorted[at]!.hash, count: countShown ? at + 1 : null },
    );
    // Past events this reader is not shown, a restored head among them cannot be found: not held against it.
    if (problem && !(problem === 'missing' && gaps > 0)) {
      fail(`${name}: the chain does not hold its restored head (${problem}): it is not the record that was restored`);
      continue;
    }
    held.push(g);
    lines.push(
      `gap  ${name}: signed; the desk restored a backup behind checkpoint ${lost.id} (${lost.createdAt}, ${lost.eventCount} events): ` +
        `${lost.eventCount - g.restoredEventCount} or more events signed before were lost`,
    );
  }

  let checkpointsOk = 0;
  let partial = 0;
  let lostInGap = 0;
  for (const c of [...checkpoints].sort((a, b) => a.id - b.id)) {
    const name = `checkpoint ${c.id} (${c.createdAt}, head ${c.headId}, ${c.eventCount} events)`;
    if (c.keyId !== keyId) {
      fail(`${name}: signed with key ${c.keyId}, not the key given (${keyId})`);
      continue;
    }
    if (!signedBy(checkpointMessage(c), c.signature)) {
      fail(`${name}: its signature does not verify with key ${keyId}`);
      continue;
    }
    const at = position.get(c.headId);
    const agrees =
      at !== undefined &&
      (sorted[at]!.hash === null || sorted[at]!.hash === c.headHash) &&
      (gapsUpTo[at] !== 0 || at + 1 === c.eventCount);
    const gap = agrees ? null : gapCovering(c, held);
    if (gap) {
      lostInGap++;
      lines.push(`gap  ${name}: its events were lost in the gap declared ${gap.declaredAt}`);
      continue;
    }
    // Past a gap, the signed head or the count may be among the events not shown to this reader.
    const shownUpTo = at === undefined ? gaps : gapsUpTo[at]!;
    if (shownUpTo > 0 && (at === undefined || at + 1 < c.eventCount)) {
      partial++;
      continue;
    }
    if (at === undefined)
      fail(
        `${name}: no event ${c.headId} in the record: the log was cut or rewritten after this checkpoint was signed`,
      );
    else if (sorted[at]!.hash !== null && sorted[at]!.hash !== c.headHash)
      fail(
        `${name}: event ${c.headId} now hashes to ${sorted[at]!.hash!.slice(0, 12)}…, signed ${c.headHash.slice(0, 12)}…: the chain was rewritten`,
      );
    else if (at + 1 !== c.eventCount)
      fail(
        `${name}: ${at + 1} events lead up to event ${c.headId}, signed ${c.eventCount}: events were removed or added before it`,
      );
    else checkpointsOk++;
  }
  const ok = firstBreak === null;
  if (checkpointsOk + partial + lostInGap === checkpoints.length)
    lines.push(
      `ok   checkpoints: ${checkpoints.length} signatures verified with key ${keyId}, and the chain agrees with ${checkpointsOk}${partial ? `; ${partial} sign heads past events of open signals not shown to this reader (checkable in full once those signals close, or by a reader of their rooms)` : lostInGap ? '' : ' of them'}${lostInGap ? `; ${lostInGap} signed over events lost in a declared gap` : ''}`,
    );
  lines.push(
    ok
      ? held.length
        ? `RECORD OK, WITH ${held.length} DECLARED GAP${held.length > 1 ? 'S' : ''} (a restore from a backup lost events signed before; see the gap lines)`
        : 'RECORD OK'
      : `RECORD BROKEN: ${firstBreak}`,
  );
  return {
    ok,
    events: sorted.length,
    recomputed,
    linkOnly,
    checkpoints: checkpoints.length,
    gaps: held.length,
    keyId,
    lines,
    firstBreak,
  };
}

/** What an analyst's page (`GET /api/performance?analyst=<slug>`, optionally `&room=`) lists. */
export interface AnalystPage {
  analyst: { id: number; slug: string } | null;
  room?: string | null;
  includesDemo: boolean;
  trades: ReadonlyArray<{ signalId: number; r: number }>;
}

export interface AnalystPageReport {
  ok: boolean;
  /** Trades the chain holds for this analyst (and room). */
  expected: number;
  listed: number;
  lines: string[];
  firstBreak: string | null;
}

/**
 * Checks an analyst's page against the chain (check the chain itself with `verifyRecord`): every
 * trade the page lists is a trade of that analyst in the chain (its created event names them as
 * author, and the room when the page is of one room) with the same result in R, and no trade of
 * theirs in the chain is missing from the page. The trades are recomputed from the events with the
 * product's own rules (`signalOutcomes`); withheld events (open signals) are no trades yet.
 */
export function verifyAnalystPage(events: readonly RecordEvent[], page: AnalystPage): AnalystPageReport {
  const lines: string[] = [];
  let firstBreak: string | null = null;
  const fail = (what: string) => {
    firstBreak ??= what;
    lines.push(`FAIL ${what}`);
  };
  const shown = [...events].sort((a, b) => a.id - b.id).filter((e) => !e.withheld);
  const authorship = signalAuthorship(shown);
  const filter = { analystId: page.analyst?.id, room: page.room ?? undefined };
  const expected = new Map(
    signalOutcomes(shown.map((e) => ({ signalId: e.signalId, type: e.type, price: e.price, at: e.at, data: e.data })))
      .filter(
        (o) =>
          o.isTrade &&
          o.r !== null &&
          o.publishedAt !== null &&
          (page.includesDemo || !o.demo) &&
          matchesRecordFilter(authorship.get(o.signalId), filter),
      )
      .map((o) => [o.signalId, o.r!]),
  );
  const who = page.analyst ? `analyst ${page.analyst.slug} (id ${page.analyst.id})` : 'the record';
  const listed = new Set<number>();
  for (const t of page.trades) {
    listed.add(t.signalId);
    const r = expected.get(t.signalId);
    if (r === undefined)
      fail(`signal ${t.signalId} is listed on the page of ${who}, but the chain holds no such trade of theirs`);
    else if (Math.abs(r - t.r) > 1e-9)
      fail(`signal ${t.signalId}: the page says ${t.r} R, its events in the chain give ${r} R`);
  }
  for (const id of expected.keys())
    if (!listed.has(id)) fail(`signal ${id} is a trade of ${who} in the chain, missing from the page`);
  const ok = firstBreak === null;
  if (ok)
    lines.push(
      `ok   page of ${who}${page.room ? ` in room ${page.room}` : ''}: its ${page.trades.length} trades are exactly the chain's, each with the same result in R`,
    );
  return { ok, expected: expected.size, listed: page.trades.length, lines, firstBreak };
}

// ---------------------------------------------------------------------------------------------
// The command line.

function args(argv: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--') continue;
    if (!a.startsWith('--')) throw new Error(`unexpected argument ${a}`);
    const value = argv[i + 1];
    if (value === undefined || value.startsWith('--')) throw new Error(`${a} needs a value`);
    out[a.slice(2)] = value;
    i++;
  }
  return out;
}

async function getJson(url: string): Promise<unknown> {
  const res = await fetch(url, { headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`GET ${url}: ${res.status}`);
  return res.json();
}

const readJson = (file: string): unknown => JSON.parse(readFileSync(file, 'utf8'));

/** A key file: PEM, or the JSON of /api/performance/key. */
function readKey(file: string): RecordKey {
  const text = readFileSync(file, 'utf8');
  // The JSON holds the PEM too: tell them apart by the first character, not by the PEM's header.
  return text.trimStart().startsWith('{') ? (JSON.parse(text) as RecordKey) : { publicKeyPem: text };
}

const gapsOf = (v: unknown): RecordGap[] =>
  (Array.isArray(v) ? v : ((v as { gaps?: RecordGap[] }).gaps ?? [])) as RecordGap[];

const checkpointList = (v: unknown): RecordCheckpoint[] =>
  (Array.isArray(v) ? v : ((v as { checkpoints?: RecordCheckpoint[] }).checkpoints ?? [])) as RecordCheckpoint[];

export async function main(argv = process.argv.slice(2)): Promise<number> {
  let opts: Record<string, string>;
  try {
    opts = args(argv);
  } catch (err) {
    console.error(
      `${(err as Error).message}\nUsage: verify-record [--url <base>] [--events <file>] [--checkpoints <file>] [--gaps <file>] [--key <pem|json>] [--save <dir>] [--analyst <slug> | --page <file>]`,
    );
    return 2;
  }
  const base = (opts.url ?? process.env.T0_URL ?? '').replace(/\/$/, '');
  const need = (what: string) => {
    if (!base) throw new Error(`--${what} <file> or --url <base> (or T0_URL) is needed`);
  };
  let events: RecordEvent[];
  let checkpoints: RecordCheckpoint[];
  let gapList: RecordGap[];
  let key: RecordKey;
  let page: AnalystPage | null = null;
  try {
    if (opts.page) page = readJson(opts.page) as AnalystPage;
    else if (opts.analyst) {
      if (!base) throw new Error('--analyst <slug> needs --url <base> (or T0_URL); or give --page <file>');
      page = (await getJson(`${base}/api/performance?analyst=${encodeURIComponent(opts.analyst)}`)) as AnalystPage;
    }
    if (opts.events) events = readJson(opts.events) as RecordEvent[];
    else {
      need('events');
      events = (await getJson(`${base}/api/performance/events`)) as RecordEvent[];
    }
    if (opts.checkpoints) checkpoints = checkpointList(readJson(opts.checkpoints));
    else {
      need('checkpoints');
      checkpoints = [];
      for (let page = 1; ; page++) {
        const got = (await getJson(`${base}/api/performance/checkpoints?page=${page}&pageSize=200`)) as {
          checkpoints: RecordCheckpoint[];
          total: number;
        };
        checkpoints.push(...got.checkpoints);
        if (got.checkpoints.length === 0 || checkpoints.length >= got.total) break;
      }
    }
    if (opts.gaps) gapList = gapsOf(readJson(opts.gaps));
    else if (base) gapList = gapsOf(await getJson(`${base}/api/performance/gaps`));
    else gapList = [];
    if (opts.key) key = readKey(opts.key);
    else {
      need('key');
      key = (await getJson(`${base}/api/performance/key`)) as RecordKey;
      console.log(
        'note the key was downloaded from the server itself: compare its id with the one the operator published, or pass --key',
      );
    }
    if (opts.save) {
      mkdirSync(opts.save, { recursive: true });
      writeFileSync(path.join(opts.save, 'events.json'), JSON.stringify(events, null, 2));
      writeFileSync(path.join(opts.save, 'checkpoints.json'), JSON.stringify(checkpoints, null, 2));
      writeFileSync(path.join(opts.save, 'gaps.json'), JSON.stringify(gapList, null, 2));
      writeFileSync(path.join(opts.save, 'key.json'), JSON.stringify(key, null, 2));
    }
  } catch (err) {
    console.error(`cannot read the record: ${(err as Error).message}`);
    return 2;
  }
  let publicKey: KeyObject;
  try {
    publicKey = publicKeyOf(key);
  } catch (err) {
    console.error(`cannot read the public key: ${(err as Error).message}`);
    return 2;
  }
  const report = verifyRecord(events, checkpoints, publicKey, gapList);
  console.log(
    `key ${report.keyId} (Ed25519)${key.keyId && key.keyId !== report.keyId ? ` — the key's stated id ${key.keyId} does not match` : ''}`,
  );
  for (const line of report.lines) console.log(line);
  if (!page) return report.ok ? 0 : 1;
  const pageReport = verifyAnalystPage(events, page);
  for (const line of pageReport.lines) console.log(line);
  return report.ok && pageReport.ok ? 0 : 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(err);
      process.exit(2);
    },
  );
}
