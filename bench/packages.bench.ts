/**
 * Package benchmark (`npm run bench:packages`): what a front-end downloads and how fast the rules run
 * where it runs them. For @tafl/rules and @tafl/client: the `npm pack` tarball (packed and unpacked
 * bytes, file count) and the browser bundle of each (Vite's library build of the built package,
 * minified, then gzipped). Then perft(4) from the Copenhagen start through the built package, in this
 * Node process and in headless Chromium when Debian's chromium is installed (the median of 3 runs each).
 * Prints figures; asserts nothing.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const ROOT = join(__dirname, '..', '..');
const PACKAGES = { '@tafl/rules': 'packages/rules', '@tafl/client': 'packages/client' } as const;
const ENTRIES = { '@tafl/rules': 'dist/tafl-rules/index.js', '@tafl/client': 'dist/index.js' } as const;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const RUNS = 3;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

function packed(dir: string): { size: number; unpackedSize: number; entryCount: number } {
  const out = execFileSync('npm', ['pack', '--dry-run', '--json', '--silent'], { cwd: join(ROOT, dir), encoding: 'utf8' });
  return JSON.parse(out)[0];
}

type BuildOutput = { output: { type: 'chunk' | 'asset'; code?: string }[] };

/** The package as a browser bundle: every import it makes resolved and inlined, minified. */
async function bundled(name: keyof typeof PACKAGES): Promise<{ min: number; gzip: number }> {
  // Vite is ES modules only and its types need another module resolution than this build's: the one
  // function used is typed here.
  const { build } = (await import('vite' as string)) as { build: (config: object) => Promise<BuildOutput | BuildOutput[]> };
  const result = await build({
    logLevel: 'silent',
    configFile: false,
    root: ROOT,
    build: {
      write: false,
      minify: true,
      lib: { entry: join(ROOT, PACKAGES[name], ENTRIES[name]), formats: ['es'], fileName: 'bundle' },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]).flatMap((r) => r.output);
  const text = outputs.map((o) => (o.type === 'chunk' ? (o.code ?? '') : '')).join('\n');
  return { min: Buffer.byteLength(text), gzip: gzipSync(text, { level: 9 }).length };
}

async function perftInNode(): Promise<number[]> {
  const rules = await import('@tafl/rules');
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    if (rules.perft('copenhagen', null, 4) !== 50_456_804) throw new Error('perft(4) is not 50,456,804');
    times.push((performance.now() - t) / 1000);
  }
  return times;
}

async function perftInChromium(): Promise<number[] | null> {
  if (!existsSync(CHROMIUM)) return null;
  const roots: Record<string, string> = {
    '/rules/': join(ROOT, 'packages/rules/dist'),
    '/noble/': join(ROOT, 'node_modules/@noble/hashes'),
  };
  const server = createServer((req, res) => {
    const path = req.url ?? '/';
    if (path === '/')
      return void res
        .writeHead(200, { 'content-type': 'text/html' })
        .end(`<!doctype html><script type="importmap">{"imports":{"@noble/hashes/":"/noble/"}}</script>`);
    const prefix = Object.keys(roots).find((p) => path.startsWith(p));
    const file = prefix ? normalize(join(roots[prefix], path.slice(prefix.length))) : '';
    if (!prefix || !file.startsWith(roots[prefix]) || extname(file) !== '.js' || !existsSync(file)) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/javascript' }).end(readFileSync(file));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  try {
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    return (await page.evaluate(`(async () => {
      const rules = await import('/rules/tafl-rules/index.js');
      const times = [];
      for (let i = 0; i < ${RUNS}; i++) {
        const t = performance.now();
        if (rules.perft('copenhagen', null, 4) !== 50456804) throw new Error('perft(4) is not 50,456,804');
        times.push((performance.now() - t) / 1000);
      }
      return times;
    })()`)) as number[];
  } finally {
    await browser.close();
    server.close();
  }
}

async function main(): Promise<void> {
  for (const name of Object.keys(PACKAGES) as (keyof typeof PACKAGES)[]) {
    const p = packed(PACKAGES[name]);
    const b = await bundled(name);
    console.log(
      `${name}: npm pack ${kb(p.size)} (${kb(p.unpackedSize)} unpacked, ${p.entryCount} files); browser bundle ${kb(b.min)} minified, ${kb(b.gzip)} gzipped`,
    );
  }
  const node = await perftInNode();
  console.log(
    `perft(4) Copenhagen = 50,456,804 in Node ${process.version}: median ${median(node).toFixed(2)} s (${node.map((t) => t.toFixed(2)).join(', ')})`,
  );
  const browser = await perftInChromium();
  if (browser)
    console.log(
      `perft(4) Copenhagen in headless Chromium: median ${median(browser).toFixed(2)} s (${browser.map((t) => t.toFixed(2)).join(', ')})`,
    );
  else console.log(`perft(4) in Chromium: skipped, no browser at ${CHROMIUM}`);
}

void main();
