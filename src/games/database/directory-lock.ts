/**
 * An exclusive claim on an embedded database directory. PGlite is PostgreSQL in one process: two
 * processes on the same files each believe they own them, and acknowledged writes of one are lost when
 * the other writes its pages. A lock file created with O_EXCL holds the owner's pid; a file left by a
 * process that no longer exists (killed with -9) is taken over.
 */
import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export const LOCK_FILE = 'tafl-service.lock';

/** Directories held by this process, so a second app inside it is refused as well. */
const heldHere = new Set<string>();

export class DirectoryInUseError extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(
      `PGLITE_DIR ${dir} is in use by process ${pid === process.pid ? `${pid} (this one)` : pid}: ` +
        'an embedded database serves one process; give each instance its own directory, or use DATABASE_URL',
    );
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    // EPERM: it exists but belongs to someone else.
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Claims `dir` for this process; returns the release function. Throws DirectoryInUseError. */
export function lockDirectory(dir: string): () => void {
  const path = join(dir, LOCK_FILE);
  if (heldHere.has(dir)) throw new DirectoryInUseError(dir, process.pid);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      heldHere.add(dir);
      let released = false;
      const release = (): void => {
        if (released) return;
        released = true;
        heldHere.delete(dir);
        rmSync(path, { force: true });
      };
      process.once('exit', release);
      return release;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const owner = Number(readFileSync(path, 'utf8').trim());
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && alive(owner)) throw new DirectoryInUseError(dir, owner);
      // A stale claim: its process is gone (or it is ours from an earlier, unreleased start).
      rmSync(path, { force: true });
    }
  }
  throw new DirectoryInUseError(dir, Number(readFileSync(path, 'utf8').trim()));
}
