/**
 * Writes schema.gql and openapi/openapi.json from the code (`npm run contracts`), or with --check
 * compares them with the committed files and exits 1 when either is stale (CI).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createApp, VERSION } from '../src/app.factory';
import { renderOpenApi, renderSchema } from '../src/api/contracts';
import { loadConfig } from '../src/config/config';

async function main(): Promise<void> {
  const check = process.argv.includes('--check');
  const root = join(__dirname, '..', '..');
  const app = await createApp({ ...loadConfig({}), logLevel: 'silent', connectDatabase: false });
  const files: [string, string][] = [
    [join(root, 'schema.gql'), renderSchema(app)],
    [join(root, 'openapi', 'openapi.json'), renderOpenApi(app, VERSION)],
  ];
  await app.close();
  if (!check) {
    for (const [path, text] of files) writeFileSync(path, text);
    process.stdout.write('wrote schema.gql and openapi/openapi.json\n');
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
    process.stderr.write(`stale: ${stale.map(([p]) => p).join(', ')}; run \`npm run contracts\` and commit the result\n`);
    process.exit(1);
  }
  process.stdout.write('schema.gql and openapi/openapi.json are up to date\n');
}

void main();
