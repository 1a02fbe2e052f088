/**
 * Writes @tafl/client's generated sources from the committed contracts (`npm run contracts`, after
 * export-contracts has written them), or with --check exits 1 when either generated file is stale (CI).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { REPO_ROOT, renderClientFiles } from './client-codegen';

async function main(): Promise<void> {
  const check = process.argv.includes('--check');
  const files = await renderClientFiles();
  const names = files.map(([path]) => relative(REPO_ROOT, path)).join(' and ');
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
    process.stderr.write(
      `stale: ${stale.map(([p]) => relative(REPO_ROOT, p)).join(', ')}; run \`npm run contracts\` and commit the result\n`,
    );
    process.exit(1);
  }
  process.stdout.write(`${names} are up to date\n`);
}

main().catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exit(1);
});
