/**
 * The built @tafl/rules package counts perft(4) from the Copenhagen start, 50,456,804 (the engine's
 * reference figure), in Node and in headless Chromium: the page imports the package's own files as
 * native ES modules, so a Node-only API anywhere in it would fail to load there. Times are printed for
 * the closing figures, never asserted.
 */
import { createServer, Server } from 'node:http';
import { readFile, readdir } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import type { AddressInfo } from 'node:net';
import { perft } from '@tafl/rules';
import { ROOT } from '../api/harness';
import { hasChromium, launchChromium } from '../helpers/browser';

const COPENHAGEN_PERFT_4 = 50_456_804;
const RULES_DIST = join(ROOT, 'packages', 'rules', 'dist');
const NOBLE = join(ROOT, 'node_modules', '@noble', 'hashes');

describe('@tafl/rules perft(4) from the Copenhagen start', () => {
  it('is 50,456,804 in Node', () => {
    const started = performance.now();
    expect(perft('copenhagen', null, 4)).toBe(COPENHAGEN_PERFT_4);
    console.log(`@tafl/rules perft(4) Copenhagen in Node: ${((performance.now() - started) / 1000).toFixed(2)} s`);
  });

  it('refuses an unknown variant and a bad position with the problem as a RulesError', async () => {
    const { RulesError } = await import('@tafl/rules');
    expect(() => perft('no-such-variant', null, 1)).toThrow(RulesError);
    expect(() => perft('brandubh', '7/7 a', 1)).toThrow(/TFEN|rank|ranks/i);
  });

  it('holds no Node-only API (no node: imports, Buffer, process or require) in what it ships', async () => {
    const files = (await readdir(RULES_DIST, { recursive: true })).filter((f) => f.endsWith('.js'));
    expect(files.length).toBeGreaterThan(30);
    for (const f of files) {
      const text = await readFile(join(RULES_DIST, f), 'utf8');
      expect(text, f).not.toMatch(/from ['"]node:|\bBuffer\.|\bprocess\.(env|argv|exit|nextTick|cwd|platform|versions|std)|\brequire\(/);
    }
  });
});

/** Serves the package's files and its one dependency to the page, nothing else. */
function packageServer(): Promise<Server> {
  const roots: Record<string, string> = { '/rules/': RULES_DIST, '/noble/': NOBLE };
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname === '/') {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(`<!doctype html><title>perft</title><script type="importmap">{"imports":{"@noble/hashes/":"/noble/"}}</script>`);
      return;
    }
    const prefix = Object.keys(roots).find((p) => url.pathname.startsWith(p));
    const path = prefix ? normalize(join(roots[prefix], url.pathname.slice(prefix.length))) : null;
    if (!prefix || !path?.startsWith(roots[prefix]) || extname(path) !== '.js') {
      res.writeHead(404).end();
      return;
    }
    readFile(path).then(
      (body) => res.writeHead(200, { 'content-type': 'text/javascript' }).end(body),
      () => res.writeHead(404).end(),
    );
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

describe.runIf(hasChromium())('@tafl/rules in headless Chromium', () => {
  it('imports the built package as ES modules and counts perft(4) = 50,456,804', async () => {
    const server = await packageServer();
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      const failed: string[] = [];
      page.on('requestfailed', (r) => failed.push(r.url()));
      page.on('response', (r) => void (r.status() >= 400 && failed.push(`${r.status()} ${r.url()}`)));
      await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
      // A string, so the test runner's transform leaves the page's dynamic import alone.
      const answer = (await page.evaluate(`(async () => {
        const rules = await import('/rules/tafl-rules/index.js');
        const started = performance.now();
        const nodes = rules.perft('copenhagen', null, 4);
        const seconds = (performance.now() - started) / 1000;
        const opening = rules.legalMoves({ variant: 'brandubh' });
        const custom = rules.legalMoves({ definition: { base: 'brandubh', king: { armed: false } } });
        return { nodes, seconds, count: opening.value.count, customOk: custom.ok, ua: navigator.userAgent };
      })()`)) as { nodes: number; seconds: number; count: number; customOk: boolean; ua: string };
      expect(failed).toEqual([]);
      expect(answer.nodes).toBe(COPENHAGEN_PERFT_4);
      expect(answer.count).toBe(40);
      expect(answer.customOk).toBe(true);
      console.log(
        `@tafl/rules perft(4) Copenhagen in ${answer.ua.match(/(Headless)?Chrome\/[\d.]+/)?.[0]}: ${answer.seconds.toFixed(2)} s`,
      );
    } finally {
      await browser.close();
      await new Promise((r) => server.close(r));
    }
  });
});
