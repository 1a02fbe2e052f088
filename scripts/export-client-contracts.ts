/**
 * Writes @tafl/client's generated sources from the committed contracts (`npm run contracts`, after
 * export-contracts has written them), or with --check exits 1 when either generated file is stale (CI).
 */
import { REPO_ROOT, renderClientFiles } from './client-codegen';
import { writeOrCheck } from './write-or-check';

async function main(): Promise<void> {
  const check = process.argv.includes('--check');
  const files = await renderClientFiles();
  writeOrCheck(REPO_ROOT, files, check);
}

main().catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exit(1);
});
