/**
 * Where the project's shared data lives: `shared/` beside the repository (records of real games, the
 * seed rule texts). It is not part of the repository, so a fresh clone has none of it; the suites that
 * read it skip then, and say where the data comes from. CI lays a copy of shared/ beside its clone,
 * so there they run. TAFL_SHARED_DIR points the tests at another copy (or, set to a missing
 * directory, shows what a clone without the data does).
 */
import { existsSync } from 'fs';
import { join, resolve } from 'path';

export const REPO_ROOT = resolve(__dirname, '..', '..');

export const SHARED_DIR = process.env.TAFL_SHARED_DIR ? resolve(process.env.TAFL_SHARED_DIR) : join(REPO_ROOT, '..', 'shared');
export const RECORDS_DIR = join(SHARED_DIR, 'records');
export const SEEDS_DIR = join(SHARED_DIR, 'seeds');

/**
 * True when every named file exists under shared/records; otherwise prints why the suites that need
 * them are skipped. Call it once per test file, at collection time, to feed `describe.skipIf`.
 * Under CI (CI set) a missing file is an error instead: CI lays shared/ beside its clone, so a skip
 * there would hide the real-game replays behind a green run.
 */
export function hasSharedRecords(...files: string[]): boolean {
  const missing = files.map((f) => join(RECORDS_DIR, f)).filter((p) => !existsSync(p));
  if (!existsSync(RECORDS_DIR) || missing.length > 0) {
    const what = existsSync(RECORDS_DIR) ? missing.join(', ') : RECORDS_DIR;
    const message =
      `real-game records not found at ${what}: these suites run in CI, where shared/ is beside the repository ` +
      `(or set TAFL_SHARED_DIR to a copy of shared/)`;
    if (process.env.CI) throw new Error(`${message}; CI must have them`);
    console.warn(message);
    return false;
  }
  return true;
}
