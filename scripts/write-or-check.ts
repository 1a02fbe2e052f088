/**
 * The last step of `npm run contracts` and of its `--check` (CI): write generated files, or compare them
 * with the committed ones and exit 1 naming the stale ones.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';

export function writeOrCheck(root: string, files: readonly [path: string, text: string][], check: boolean): void {
  const names = files.map(([path]) => relative(root, path)).join(' and ');
  if (!check) {
    for (const [path, text] of files) writeFileSync(path, text);
    process.stdout.write(`wrote ${names}\n`);
    return;
  }
  const stale = files.filter(([path, text]) => {
    try {
      return readFileSync(path, 'utf8') !== text;
    } catch {
      return true;
    }
  });
  if (stale.length) {
    process.stderr.write(`stale: ${stale.map(([p]) => relative(root, p)).join(', ')}; run \`npm run contracts\` and commit the result\n`);
    process.exit(1);
  }
  process.stdout.write(`${names} are up to date\n`);
}
