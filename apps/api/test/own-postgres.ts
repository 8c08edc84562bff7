import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** The PostgreSQL server binaries (initdb, pg_ctl) if installed, else undefined. */
export function postgresBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  for (const v of versions) if (existsSync(path.join(root, v, 'bin', 'initdb'))) return path.join(root, v, 'bin');
  return undefined;
}

async function freePort(from: number): Promise<number> {
  for (let port = from; port < from + 100; port++) {
    const free = await new Promise<boolean>((resolve) => {
      const s = net.createServer().once('error', () => resolve(false));
      s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error(`no free port from ${from}`);
}

/**
 * A PostgreSQL cluster of the test's own in a temporary folder on a free port (55433 or above),
 * to stop, start and freeze without touching the shared server. Run as `postgres` when the tests
 * run as root (initdb refuses root).
 */
export class OwnPostgres {
  private constructor(
    readonly bin: string,
    readonly dir: string,
    readonly port: number,
  ) {}

  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  static async create(bin: string): Promise<OwnPostgres> {
    const dir = mkdtempSync(path.join(tmpdir(), 't0-own-pg-'));
    if (process.getuid?.() === 0) {
      const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
      const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
      chownSync(dir, uid, gid);
    }
    chmodSync(dir, 0o700);
    const pg = new OwnPostgres(bin, dir, await freePort(55433));
    pg.run('initdb', ['-D', path.join(dir, 'data'), '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
    pg.start();
    return pg;
  }

  private run(tool: string, args: string[]) {
    const cmd = path.join(this.bin, tool);
    const asRoot = process.getuid?.() === 0;
    execFileSync(asRoot ? 'runuser' : cmd, asRoot ? ['-u', 'postgres', '--', cmd, ...args] : args, {
      stdio: 'pipe',
      timeout: 30_000,
    });
  }

  start() {
    const opts = `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c fsync=off -c shared_buffers=16MB`;
    this.run('pg_ctl', [
      '-D',
      path.join(this.dir, 'data'),
      '-o',
      opts,
      '-l',
      path.join(this.dir, 'log'),
      '-w',
      'start',
    ]);
  }

  stop() {
    this.run('pg_ctl', ['-D', path.join(this.dir, 'data'), '-m', 'fast', '-w', 'stop']);
  }

  /** The postmaster and every backend: frozen (SIGSTOP) or thawed (SIGCONT), a hung server. */
  signalAll(signal: 'SIGSTOP' | 'SIGCONT') {
    const postmaster = Number(readFileSync(path.join(this.dir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0]);
    let children: number[] = [];
    try {
      children = execFileSync('pgrep', ['-P', String(postmaster)])
        .toString()
        .trim()
        .split('\n')
        .filter(Boolean)
        .map(Number);
    } catch {
      /* none */
    }
    for (const pid of [postmaster, ...children]) process.kill(pid, signal);
  }

  destroy() {
    try {
      this.signalAll('SIGCONT');
    } catch {
      /* not running */
    }
    try {
      this.run('pg_ctl', ['-D', path.join(this.dir, 'data'), '-m', 'immediate', '-w', 'stop']);
    } catch {
      /* already stopped */
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}
