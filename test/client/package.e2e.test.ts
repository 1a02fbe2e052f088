/**
 * @tafl/client as a user gets it: built from its sources, packed with `npm pack`, and unpacked into a fresh TypeScript
 * project (strict, no Node types, nodenext and bundler resolution) whose only other package is
 * openapi-fetch. The README's game flow compiles there with no cast and runs in Node against the service,
 * and so does a program using the raw API, GraphQL documents and the problem union. The tarball holds
 * only the built files and the docs, with no Node-only API in them.
 */
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, TestApp, startApp } from '../api/harness';
import { whenReady } from '../games/client';
import { postgresDatabase } from '../games/db';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const CLIENT = join(ROOT, 'packages', 'client');
const TSC = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');

function run(command: string, args: string[], cwd: string): string {
  const r = spawnSync(command, args, { cwd, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${command} ${args.join(' ')} exited ${r.status}:\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

/** The same, without blocking this process's event loop: the service under test runs in it. */
function runAsync(command: string, args: string[], cwd: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve(out);
      else reject(new Error(`${command} ${args.join(' ')} exited ${code}:\n${out}\n${err}`));
    });
  });
}

/** The README's example: its one TypeScript block. */
function readmeFlow(): string {
  const m = /```ts\n([\s\S]*?)```/.exec(readFileSync(join(CLIENT, 'README.md'), 'utf8'));
  if (!m) throw new Error('README.md has no ```ts block');
  return m[1];
}

/** A second program: the raw API, GraphQL documents, pictures and an exhaustive switch over the problem union. */
const TYPES_PROGRAM = `
import { createTaflClient, unwrap, bearer, isProblem, TaflError, PlayMoveDocument, LegalMovesDocument, positionImages, type TaflProblem, type Schemas } from '@tafl/client';

const tafl = createTaflClient({ baseUrl: 'https://tafl.example', retry: { retries: 1 } });

export function advice(p: TaflProblem): string {
  if (p.code === 'ILLEGAL_MOVE') return p.reason + ' at ' + p.index;
  if (p.code === 'STALE_PLY') return 'look again';
  return p.detail;
}

export async function rest(id: string, token: string): Promise<Schemas['ThreatsView']> {
  const { data, error } = await tafl.api.POST('/v1/games/{id}/moves', { params: { path: { id } }, body: { move: 'd2-e2', expectedPly: 0 }, headers: bearer(token) });
  // The raw API's problems are the same union: narrowed on code, ILLEGAL_MOVE's reason typed.
  if (error) console.log(advice(error), error.code === 'ILLEGAL_MOVE' ? error.reason.toLowerCase() : '');
  else console.log(data.move.notation, data.game.ply);
  const game = await unwrap(tafl.api.GET('/v1/games/{id}', { params: { path: { id } } }));
  console.log(game.moves.length, positionImages('https://tafl.example', game.variant, game.position).svg);
  return unwrap(tafl.api.POST('/v1/threats', { body: { variant: 'copenhagen', moves: ['d1-d3'] } }));
}

export function problemOf(e: unknown): TaflProblem | undefined {
  if (e instanceof TaflError) return e.problem;
  return isProblem(e) ? e : undefined;
}

export async function graphql(id: string, token: string): Promise<number> {
  const legal = await tafl.graphql(LegalMovesDocument, { state: { variant: 'brandubh' } });
  const first = legal.legalMoves.moves[0];
  const { playMove } = await tafl.graphql(PlayMoveDocument, { id, move: first.notation, expectedPly: 0 }, { token });
  return playMove.game.ply;
}
`;

const TSCONFIG = (resolution: 'nodenext' | 'bundler') => ({
  compilerOptions: {
    target: 'ES2022',
    module: resolution === 'nodenext' ? 'nodenext' : 'esnext',
    moduleResolution: resolution,
    lib: ['ES2022', 'DOM', 'DOM.Iterable'],
    types: [],
    strict: true,
    skipLibCheck: false,
    outDir: 'out',
  },
  include: ['*.ts'],
});

describe('@tafl/client packed', () => {
  let work: string;
  let project: string;
  let packed: { filename: string; size: number; unpackedSize: number; files: { path: string }[] };

  beforeAll(() => {
    work = mkdtempSync(join(tmpdir(), 'tafl-client-pack-'));
    // Built and packed from a copy, so that the package's own dist/ (which other suites may be reading) is
    // left alone, and what is packed is exactly what the sources make now.
    const copy = join(work, 'client');
    mkdirSync(copy);
    for (const f of ['package.json', 'README.md', 'CHANGELOG.md', 'LICENSE']) copyFileSync(join(CLIENT, f), join(copy, f));
    run(process.execPath, [TSC, '-p', join(CLIENT, 'tsconfig.json'), '--outDir', join(copy, 'dist')], ROOT);
    [packed] = JSON.parse(run('npm', ['pack', '--json', '--pack-destination', work], copy));
    project = join(work, 'project');
    const modules = join(project, 'node_modules');
    mkdirSync(join(modules, '@tafl'), { recursive: true });
    run('tar', ['-xzf', join(work, packed.filename), '-C', work], work);
    renameSync(join(work, 'package'), join(modules, '@tafl', 'client'));
    // The one dependency, as npm would have installed it (its own dependency is found beside it).
    symlinkSync(join(ROOT, 'node_modules', 'openapi-fetch'), join(modules, 'openapi-fetch'));
    symlinkSync(join(ROOT, 'node_modules', 'openapi-typescript-helpers'), join(modules, 'openapi-typescript-helpers'));
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'fresh', private: true, type: 'module' }));
  });

  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('ships the built files, the README, the CHANGELOG and the LICENSE, and nothing else', () => {
    const files = packed.files.map((f) => f.path);
    for (const f of [
      'package.json',
      'README.md',
      'CHANGELOG.md',
      'LICENSE',
      'dist/index.js',
      'dist/index.d.ts',
      'dist/generated/openapi.d.ts',
    ]) {
      expect(files).toContain(f);
    }
    expect(files.filter((f) => !/^(dist\/.*\.(js|d\.ts)|package\.json|README\.md|CHANGELOG\.md|LICENSE)$/.test(f))).toEqual([]);
    console.log(`@tafl/client tarball: ${packed.size} bytes packed, ${packed.unpackedSize} unpacked, ${files.length} files`);
  });

  it('holds no Node-only API (no node: imports, Buffer, process or require) in what it ships', () => {
    const dist = join(project, 'node_modules', '@tafl', 'client', 'dist');
    const files = readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.js'));
    expect(files.length).toBeGreaterThan(8);
    for (const f of files) {
      const text = readFileSync(join(dist, f), 'utf8');
      expect(text, f).not.toMatch(/from ['"]node:|\bBuffer\.|\bnew Buffer\b|\bprocess\.|\brequire\(/);
    }
  });

  it.each(['nodenext', 'bundler'] as const)(
    'compiles the README flow and a typed program, strict with no Node types (%s), with no cast',
    (resolution) => {
      const dir = join(project, resolution);
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'readme-flow.ts'), readmeFlow());
      writeFileSync(join(dir, 'typed.ts'), TYPES_PROGRAM);
      for (const f of ['readme-flow.ts', 'typed.ts'])
        expect(readFileSync(join(dir, f), 'utf8'), f).not.toMatch(/\bas [A-Za-z{[]|<[A-Z]\w*>\w|!\./);
      writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify(TSCONFIG(resolution)));
      run(process.execPath, [TSC, '-p', join(dir, 'tsconfig.json')], dir);
    },
  );

  describe('run in Node against the service', () => {
    const db = postgresDatabase();
    let s: TestApp & { app: Awaited<ReturnType<typeof startApp>>['app'] };
    let base: string;

    beforeAll(async () => {
      s = await startApp({ ...(await db.setup()), PUBLIC_BASE_URL: 'https://tafl.example' });
      await whenReady(s);
      await s.app.listen({ port: 0, host: '127.0.0.1' });
      base = `http://127.0.0.1:${(s.app.getHttpServer().address() as AddressInfo).port}`;
    });

    afterAll(async () => {
      await s?.close();
      await db.teardown();
    });

    it('plays the README flow to the resignation, following the game live', async () => {
      const dir = join(project, 'run');
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'readme-flow.ts'), readmeFlow().replace('http://localhost:3000', base));
      writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify(TSCONFIG('nodenext')));
      run(process.execPath, [TSC, '-p', join(dir, 'tsconfig.json')], dir);
      const out = await runAsync(process.execPath, [join(dir, 'out', 'readme-flow.js')], dir);
      const lines = out.trim().split('\n');
      // The stream's lines: the start, three moves, the resignation (in any interleaving with the plays).
      expect(lines.filter((l) => /^\d+ /.test(l)).sort()).toEqual([
        '0 start ongoing',
        '1 d2-e2 ongoing',
        '2 d3-d2 ongoing',
        '3 b4-b2 ongoing',
        '4 resign finished',
      ]);
      expect(lines).toContainEqual(
        expect.stringMatching(/^attackers resigned http:\/\/127\.0\.0\.1:\d+\/v1\/games\/[\w-]+\/board\.png\?ply=3$/),
      );
    });
  });
});
