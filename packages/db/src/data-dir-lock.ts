import { randomBytes } from 'node:crypto';
import { readFileSync, statSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';

// The embedded database (PGlite) is one process's files: a second process on the same DATA_DIR
// would open them too, and one of them would lose its writes. So the embedded database takes a
// lock file in DATA_DIR first, naming its process. A lock whose process is gone (crash, kill -9)
// is taken over; a live one makes the second process refuse to start with a message saying why.
//
// Whether the holder lives: on the same machine, by its process id (and, on Linux, the process's
// start time, so a reused id is not mistaken for it); from another machine or container sharing
// the folder, by the lock file's heartbeat (touched every few seconds while held).

export const LOCK_FILE = 'embedded-db.lock';
/** How often a held lock is touched, and checked to be still ours. */
export const HEARTBEAT_MS = 5_000;
/** A lock from another machine untouched this long belongs to a process that is gone. */
export const STALE_MS = 30_000;

interface LockInfo {
  pid: number;
  hostname: string;
  /** Linux boot id: the same machine since the same boot. */
  bootId?: string | undefined;
  /** Linux process start time (clock ticks since boot): tells a reused process id apart. */
  started?: string | undefined;
  startedAt: string;
  /** This holder's own mark: a lock taken over by someone else no longer carries it. */
  token: string;
}

export class DataDirLockedError extends Error {
  override readonly name = 'DataDirLockedError';
  constructor(message: string) {
    super(message);
    // Printed as it is when start-up fails: the message is what an operator needs, not a stack.
    this.stack = `${this.name}: ${message}`;
  }
}

export interface DataDirLock {
  readonly file: string;
  /** Stops the heartbeat and removes the lock (if it is still ours). */
  release(): void;
}

export interface LockOptions {
  /** Called once if the lock stops being ours while held (another process took it over). */
  onLost?: (err: Error) => void;
  heartbeatMs?: number;
  staleMs?: number;
}

const readText = (file: string): string | undefined => {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    return undefined;
  }
};

const BOOT_ID = readText('/proc/sys/kernel/random/boot_id');

/** The start time of a process on Linux (field 22 of /proc/<pid>/stat), or undefined. */
function processStart(pid: number): string | undefined {
  const stat = readText(`/proc/${pid}/stat`);
  if (!stat) return undefined;
  // The command name (field 2) may hold spaces and parentheses: count from the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields[19];
}

function readLock(file: string): { info: LockInfo | undefined; mtimeMs: number } | undefined {
  let mtimeMs: number;
  try {
    mtimeMs = statSync(file).mtimeMs;
  } catch {
    return undefined;
  }
  const text = readText(file);
  if (text === undefined) return undefined;
  try {
    const info = JSON.parse(text) as LockInfo;
    if (typeof info.pid !== 'number' || typeof info.token !== 'string') return { info: undefined, mtimeMs };
    return { info, mtimeMs };
  } catch {
    return { info: undefined, mtimeMs };
  }
}

/** Whether the process named by a lock still runs (see the top of this file). */
function holderAlive(info: LockInfo, mtimeMs: number, staleMs: number): boolean {
  const sameMachine = info.hostname === hostname() && (info.bootId ?? '') === (BOOT_ID ?? '');
  if (!sameMachine) return Date.now() - mtimeMs < staleMs;
  if (info.pid === process.pid) return true; // this very process holds it (opened twice)
  try {
    process.kill(info.pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ESRCH') return false;
    // EPERM: it exists, under another user.
  }
  const started = processStart(info.pid);
  return !(info.started && started && started !== info.started);
}

function lockedMessage(dataDir: string, info: LockInfo): string {
  const where = info.hostname === hostname() ? `process ${info.pid}` : `process ${info.pid} on ${info.hostname}`;
  return (
    `The embedded database in ${dataDir} is in use by another T0 Terminal ${where}, started ${info.startedAt}. ` +
    'Two processes on one DATA_DIR would lose each other’s writes, so this one does not start. ' +
    'Stop the other process, give this one its own DATA_DIR, or set DATABASE_URL to run several processes on PostgreSQL.'
  );
}

/**
 * Takes the embedded database's lock in `dataDir`, or throws DataDirLockedError when a live
 * process holds it. A lock of a process that is gone is taken over.
 */
export function lockDataDir(dataDir: string, opts: LockOptions = {}): DataDirLock {
  const file = path.join(dataDir, LOCK_FILE);
  const takeoverFile = `${file}.takeover`;
  const staleMs = opts.staleMs ?? STALE_MS;
  const info: LockInfo = {
    pid: process.pid,
    hostname: hostname(),
    bootId: BOOT_ID,
    started: processStart(process.pid),
    startedAt: new Date().toISOString(),
    token: randomBytes(12).toString('hex'),
  };

  for (let attempt = 0; ; attempt++) {
    try {
      writeFileSync(file, JSON.stringify(info), { flag: 'wx', mode: 0o644 });
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    if (attempt >= 20)
      throw new DataDirLockedError(
        `Could not take the lock ${file}: it keeps changing hands. Is another process starting on ${dataDir}?`,
      );
    const held = readLock(file);
    if (!held) continue; // released meanwhile
    if (!held.info) {
      // Being written this very moment, or left half-written by a crash long ago.
      if (Date.now() - held.mtimeMs < 2_000) {
        sleepSync(100);
        continue;
      }
    } else if (holderAlive(held.info, held.mtimeMs, staleMs)) {
      throw new DataDirLockedError(lockedMessage(dataDir, held.info));
    }
    takeOver(file, takeoverFile, held.info?.token);
  }

  let lost = false;
  const heartbeat = setInterval(() => {
    const current = readLock(file);
    if (current?.info?.token !== info.token) {
      if (lost) return;
      lost = true;
      clearInterval(heartbeat);
      opts.onLost?.(new Error(`The lock ${file} of the embedded database was taken by another process.`));
      return;
    }
    try {
      const now = new Date();
      utimesSync(file, now, now);
    } catch {
      /* checked again at the next beat */
    }
  }, opts.heartbeatMs ?? HEARTBEAT_MS);
  heartbeat.unref();

  return {
    file,
    release() {
      clearInterval(heartbeat);
      if (readLock(file)?.info?.token === info.token) {
        try {
          unlinkSync(file);
        } catch {
          /* already gone */
        }
      }
    },
  };
}

/**
 * Removes a dead holder's lock. One process at a time (a `.takeover` file taken exclusively), and
 * only if the lock is still the one judged dead; a normal start that creates the lock meanwhile
 * simply wins.
 */
function takeOver(file: string, takeoverFile: string, deadToken: string | undefined) {
  try {
    writeFileSync(takeoverFile, String(process.pid), { flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    // Someone else is taking over; a takeover file left by a crash mid-takeover is old.
    try {
      if (Date.now() - statSync(takeoverFile).mtimeMs > 10_000) unlinkSync(takeoverFile);
    } catch {
      /* gone meanwhile */
    }
    sleepSync(50);
    return;
  }
  try {
    const again = readLock(file);
    if (again && again.info?.token === deadToken) unlinkSync(file);
  } finally {
    try {
      unlinkSync(takeoverFile);
    } catch {
      /* removed as stale by another process */
    }
  }
}

function sleepSync(ms: number) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}
