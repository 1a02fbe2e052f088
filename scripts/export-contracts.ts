/**
 * Writes schema.gql and openapi/openapi.json from the code (`npm run contracts`), or with --check
 * compares them with the committed files and exits 1 when either is stale (CI).
 */
import { join } from 'node:path';
import { createApp, VERSION } from '../src/app.factory';
import { renderOpenApi, renderSchema } from '../src/api/contracts';
import { loadConfig } from '../src/config/config';
import { writeOrCheck } from './write-or-check';

async function main(): Promise<void> {
  const check = process.argv.includes('--check');
  const root = join(__dirname, '..', '..');
  const app = await createApp({ ...loadConfig({}), logLevel: 'silent', connectDatabase: false });
  const files: [string, string][] = [
    [join(root, 'schema.gql'), renderSchema(app)],
    [join(root, 'openapi', 'openapi.json'), renderOpenApi(app, VERSION)],
  ];
  await app.close();
  writeOrCheck(root, files, check);
}

void main();
