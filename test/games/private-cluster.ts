/**
 * A private PostgreSQL server for fault tests: its own initdb cluster on its own port, run as the
 * postgres user (the server refuses root), so it can be stopped, frozen and restarted without touching
 * the machine's server. Needs the PostgreSQL binaries and root. Not a test file itself.
 */
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../api/harness';

const PG_BIN = existsSync('/usr/lib/postgresql')
  ? join('/usr/lib/postgresql', readdirSync('/usr/lib/postgresql').sort().at(-1) ?? '', 'bin')
  : '';

export const canRunPrivateCluster = PG_BIN !== '' && existsSync(join(PG_BIN, 'initdb')) && process.getuid?.() === 0;

export interface PrivateCluster {
  /** The data directory (postmaster.pid is in it while the server runs). */
  dir: string;
  url: string;
  start(): void;
  /** Fast shutdown: open transactions are rolled back and connections cut, as when a host goes down. */
  stop(): void;
  /** Stops the server if it runs and removes the cluster. */
  remove(): void;
}

function asPostgres(cmd: string, args: string[]): string[] {
  return ['-u', 'postgres', '--', join(PG_BIN, cmd), ...args];
}

/** initdb in a fresh directory, then start it. */
export async function privateCluster(): Promise<PrivateCluster> {
  const dir = mkdtempSync(join(tmpdir(), 'tafl-fault-pg-'));
  const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
  chownSync(dir, uid, gid);
  execFileSync('runuser', asPostgres('initdb', ['-D', dir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8']), { stdio: 'ignore' });
  const port = await freePort();
  const pgCtl = (...args: string[]): void => {
    execFileSync('runuser', asPostgres('pg_ctl', ['-D', dir, '-w', '-t', '30', ...args]), { stdio: 'ignore' });
  };
  const cluster: PrivateCluster = {
    dir,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start: () => pgCtl('-l', join(dir, 'server.log'), '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`, 'start'),
    stop: () => {
      if (existsSync(join(dir, 'postmaster.pid'))) pgCtl('-m', 'fast', 'stop');
    },
    remove: () => {
      cluster.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  cluster.start();
  return cluster;
}
