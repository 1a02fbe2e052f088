/**
 * The two packages as a stranger gets them: `npm pack` each, install the tarballs into a fresh project
 * (its own package.json, nothing of this repository's), compile a full game flow with `strict` and no
 * casts against the installed type declarations, and run it against the compiled service: the client
 * plays every move, @tafl/rules lists the legal moves and predicts each answer.
 */
import { execFile } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ROOT, SpawnedService, spawnService } from '../api/harness';

const run = promisify(execFile);
const FIXTURE = join(__dirname, 'fresh-project');
const TSC = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
// npm installs the packages' own dependencies (@noble/hashes, openapi-fetch) from its cache when it can.
const NPM_INSTALL = ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error'];

let project: string;
let service: SpawnedService | undefined;

async function pack(dir: string): Promise<string> {
  const { stdout } = await run('npm', ['pack', '--json', '--silent', '--pack-destination', project], { cwd: join(ROOT, dir) });
  return JSON.parse(stdout)[0].filename;
}

beforeAll(async () => {
  project = mkdtempSync(join(tmpdir(), 'tafl-fresh-project-'));
  const rules = await pack('packages/rules');
  const client = await pack('packages/client');
  for (const f of ['full-game.ts', 'run.mjs', 'tsconfig.json']) copyFileSync(join(FIXTURE, f), join(project, f));
  const manifest = {
    name: 'fresh-project',
    private: true,
    type: 'module',
    dependencies: { '@tafl/rules': `file:./${rules}`, '@tafl/client': `file:./${client}` },
  };
  writeFileSync(join(project, 'package.json'), JSON.stringify(manifest, null, 2));
  await run('npm', NPM_INSTALL, { cwd: project, timeout: 240_000 });
}, 300_000);

afterAll(async () => {
  await service?.stop();
  rmSync(project, { recursive: true, force: true });
});

describe('the packed packages in a fresh project', () => {
  it('install with their declarations and licence, and nothing of the repository beside them', () => {
    for (const name of ['rules', 'client']) {
      const dir = join(project, 'node_modules', '@tafl', name);
      const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
      expect(manifest.license).toBe('MIT');
      expect(manifest.type).toBe('module');
      expect(readFileSync(join(dir, 'LICENSE'), 'utf8')).toMatch(/^MIT License/);
      expect(readFileSync(join(dir, 'README.md'), 'utf8')).toMatch(/```ts/);
    }
  });

  it('compile a full game flow with strict and no casts', async () => {
    const source = readFileSync(join(project, 'full-game.ts'), 'utf8');
    const code = source.replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
    expect(code).not.toMatch(/\bas\s+(?!const\b)[\w{[(]/);
    expect(code).not.toMatch(/[\w)\]]!(?=[.)\];,\s])/);
    const compiled = await run('node', [TSC, '-p', project], { cwd: project }).then(
      () => 'ok',
      (e: { stdout?: string }) => e.stdout ?? String(e),
    );
    expect(compiled).toBe('ok');
  });

  it('play a whole Brandubh game against the running service, the local rules agreeing with every answer', async () => {
    service = await spawnService();
    const { stdout } = await run('node', [join(project, 'run.mjs'), service.base], { cwd: project, timeout: 120_000 });
    const report = JSON.parse(stdout.trim().split('\n').at(-1)!);
    expect(report.status).toBe('finished');
    expect(report.plies).toBeGreaterThan(0);
    expect(report.staleRefused).toBe(true);
    expect(report.lastStreamedPly).toBe(report.plies);
    const replayed = await service.request('GET', `/v1/games/${report.id}`);
    expect(replayed.body.outcome).toMatchObject({ status: report.status, winner: report.winner, reason: report.reason });
  });
});
