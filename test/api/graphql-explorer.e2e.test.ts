/**
 * The GraphQL explorer (api.md, GraphQL): a browser's navigation to GET /graphql gets GraphiQL, served
 * from the installed packages under its own Content Security Policy, while every other request to
 * /graphql is still Apollo's. In Chromium, with nothing but this service to talk to, the page loads with
 * no failed request and no violation, runs a query typed in its editor and a subscription over WebSocket.
 */
import type { AddressInfo } from 'node:net';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { Browser, Page } from 'playwright-core';
import { TestApp, getJson, gql, startApp } from './harness';
import { createGame, whenReady } from '../games/client';
import { hasChromium, launchChromium } from '../helpers/browser';

/** What Chromium sends when it navigates. */
const NAVIGATION = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8' };
const API_POLICY = "default-src 'none'; frame-ancestors 'none'";

let s: TestApp & { app: NestFastifyApplication };
let base: string;

beforeAll(async () => {
  s = await whenReady(await startApp());
  await s.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(s.app.getHttpServer().address() as AddressInfo).port}`;
});
afterAll(async () => {
  await s?.close();
});

/** The page's script and stylesheet URLs, in the order it names them. */
function assetUrls(html: string): string[] {
  return [...html.matchAll(/(?:src|href)="(graphql\/explorer\/[^"]+)"/g)].map((m) => `/${m[1]}`);
}

describe('GET /graphql', () => {
  it('a navigation gets the explorer page, with no inline script or style, under the explorer policy', async () => {
    const r = await getJson(s, '/graphql', NAVIGATION);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const csp = r.headers.get('content-security-policy')!;
    expect(csp.split('; ')).toEqual([
      "default-src 'none'",
      "script-src 'self'",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data:",
      'font-src data:',
      "connect-src 'self'",
      "frame-ancestors 'none'",
      "base-uri 'none'",
      "form-action 'none'",
    ]);
    expect(r.headers.get('x-content-type-options')).toBe('nosniff');
    expect(r.headers.get('cache-control')).toBe('no-cache');
    expect(r.headers.get('vary')).toContain('accept');
    // Every script is a file of the service: none inline, none from elsewhere.
    expect(r.text.match(/<script/g)).toHaveLength(4);
    expect(r.text.match(/<script src="graphql\/explorer\/[0-9a-f]+\/[\w.-]+"><\/script>/g)).toHaveLength(4);
    expect(r.text).not.toMatch(/<style|style=|https?:/);
    // A reload asks whether the page is still current.
    const again = await getJson(s, '/graphql', { ...NAVIGATION, 'if-none-match': r.headers.get('etag')! });
    expect(again.status).toBe(304);
    expect(again.headers.get('content-security-policy')).toBe(csp);
  });

  it('a query by GET is still answered by Apollo, whatever the client accepts', async () => {
    const query = `/graphql?query=${encodeURIComponent('{ __typename }')}`;
    const kinds: Record<string, string>[] = [
      {},
      { accept: 'application/json' },
      { accept: 'application/graphql-response+json, application/json' },
    ];
    for (const headers of kinds) {
      const r = await getJson(s, query, headers);
      expect(r.status).toBe(200);
      expect(r.headers.get('content-type')).toMatch(/^application\/(graphql-response\+)?json/);
      expect(r.body).toEqual({ data: { __typename: 'Query' } });
      expect(r.headers.get('content-security-policy')).toBe(API_POLICY);
    }
    // A GET naming a query and accepting only HTML is Apollo's refusal, not the page.
    const html = await getJson(s, query, { accept: 'text/html' });
    expect(html.status).toBe(406);
    expect(html.headers.get('content-type')).toMatch(/^application\/json/);
    // Without a query and without HTML among the accepted types: Apollo's 400, as before the explorer.
    for (const headers of kinds.slice(0, 2)) {
      const r = await getJson(s, '/graphql', headers);
      expect(r.status).toBe(400);
      expect(r.body.errors[0].extensions.code).toBe('BAD_REQUEST');
      expect(r.headers.get('content-security-policy')).toBe(API_POLICY);
    }
  });

  it('POST /graphql is Apollo as before', async () => {
    const r = await gql(s, '{ variants { id } }');
    expect(r.status).toBe(200);
    expect(r.body.data.variants).toContainEqual({ id: 'brandubh' });
    expect(r.headers.get('content-security-policy')).toBe(API_POLICY);
    // Also with a browser's Accept: only a GET can be a navigation.
    const html = await s.request('POST', '/graphql', { query: '{ __typename }' }, { 'content-type': 'application/json', ...NAVIGATION });
    expect(html.headers.get('content-type')).not.toMatch(/html/);
  });

  it("the page's files answer from the service with long-lived cache headers; nothing else of the packages does", async () => {
    const page = await getJson(s, '/graphql', NAVIGATION);
    const urls = assetUrls(page.text);
    expect(urls.map((u) => u.slice(u.lastIndexOf('/') + 1))).toEqual([
      'graphiql.min.css',
      'explorer.css',
      'react.production.min.js',
      'react-dom.production.min.js',
      'graphiql.min.js',
      'explorer.js',
    ]);
    for (const url of urls) {
      const r = await getJson(s, url);
      expect(r.status, url).toBe(200);
      expect(r.headers.get('content-type'), url).toBe(
        url.endsWith('.js') ? 'application/javascript; charset=utf-8' : 'text/css; charset=utf-8',
      );
      expect(r.headers.get('cache-control'), url).toBe('public, max-age=31536000, immutable');
      expect(r.headers.get('etag'), url).toBe(page.headers.get('etag'));
      expect(r.bytes.length, url).toBeGreaterThan(50);
      expect((await getJson(s, url, { 'if-none-match': r.headers.get('etag')! })).status, url).toBe(304);
    }
    const dir = urls[0].slice(0, urls[0].lastIndexOf('/'));
    for (const name of ['package.json', 'graphiql.js', '..%2Fpackage.json'])
      expect((await getJson(s, `${dir}/${name}`)).status, name).toBe(404);
    // A page of another version (another instance, mid-deployment) gets today's files, not kept.
    const other = await getJson(s, '/graphql/explorer/0123456789abcdef/explorer.js');
    expect(other.status).toBe(200);
    expect(other.headers.get('cache-control')).toBe('no-cache');
  });
});

describe.skipIf(!hasChromium())('in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  /** The explorer, rendered, with every problem it met recorded: failed or refused requests, requests
   * anywhere but the service, console errors (CSP refusals among them), violation events, script errors. */
  async function openExplorer(): Promise<{ page: Page; problems: string[] }> {
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on('console', (m) => m.type() === 'error' && problems.push(`console: ${m.text()}`));
    page.on('pageerror', (e) => problems.push(`script: ${e.message}`));
    page.on('request', (r) => r.url().startsWith(`${base}/`) || r.url().startsWith('data:') || problems.push(`elsewhere: ${r.url()}`));
    page.on('requestfailed', (r) => problems.push(`failed: ${r.url()} ${r.failure()?.errorText}`));
    page.on('response', (r) => r.status() >= 400 && problems.push(`${r.status()}: ${r.url()}`));
    await page.addInitScript(() =>
      document.addEventListener('securitypolicyviolation', (e) => console.error(`CSP ${e.violatedDirective} refused ${e.blockedURI}`)),
    );
    // GraphiQL reads the schema (an introspection query by POST) as it starts.
    const schema = page.waitForResponse((r) => r.url() === `${base}/graphql` && /IntrospectionQuery/.test(r.request().postData() ?? ''));
    const answer = await page.goto(`${base}/graphql`);
    expect(answer?.status()).toBe(200);
    await page.waitForSelector('.graphiql-container .graphiql-query-editor .CodeMirror', { timeout: 15_000 });
    expect((await schema).status()).toBe(200);
    return { page, problems };
  }

  /**
   * Replaces the query in GraphiQL's editor (CodeMirror 5 hangs its instance on its element) and runs it
   * once GraphiQL has parsed the new text (a tenth of a second after an edit): it sends a subscription
   * over WebSocket only when it knows the operation is one.
   */
  async function run(page: Page, query: string): Promise<void> {
    const editor = '.graphiql-query-editor .CodeMirror';
    type Editor = { CodeMirror: { setValue(v: string): void; documentAST?: { loc?: { source: { body: string } } } } };
    await page.$eval(editor, (e, q) => (e as unknown as Editor).CodeMirror.setValue(q), query);
    await page.waitForFunction(
      ([sel, q]) => (document.querySelector(sel) as unknown as Editor).CodeMirror.documentAST?.loc?.source.body === q,
      [editor, query],
    );
    await page.click('.graphiql-execute-button');
  }

  it('loads with no failed request and no violation, and runs a query from its editor', async () => {
    const { page, problems } = await openExplorer();
    // The first visit shows an example query.
    await expect(page.locator('.graphiql-query-editor').textContent()).resolves.toContain('variants');
    await run(page, '{ variants { id } }');
    await expect(page.locator('.graphiql-response').getByText('"brandubh"').first().textContent({ timeout: 15_000 })).resolves.toContain(
      'brandubh',
    );
    // Its dialogs add a <style> element as they open (what 'unsafe-inline' in style-src is for).
    for (const dialog of ['Open short keys dialog', 'Open settings dialog']) {
      await page.click(`.graphiql-sidebar button[aria-label="${dialog}"]`);
      await page.waitForSelector('.graphiql-dialog');
      await page.keyboard.press('Escape');
      await page.waitForSelector('.graphiql-dialog', { state: 'detached' });
    }
    expect(problems).toEqual([]);
    await page.close();
  });

  it('runs a subscription over a WebSocket to /graphql, allowed by the policy', async () => {
    const game = await createGame(s);
    const { page, problems } = await openExplorer();
    const socket = page.waitForEvent('websocket');
    await run(page, `subscription { gameUpdated(id: "${game.id}") { type ply } }`);
    expect((await socket).url()).toBe(`${base.replace('http', 'ws')}/graphql`);
    await expect(page.locator('.graphiql-response').getByText('"gameFull"').first().textContent({ timeout: 15_000 })).resolves.toContain(
      'gameFull',
    );
    expect(problems).toEqual([]);
    await page.close();
  });
});
