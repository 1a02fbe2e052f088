/**
 * What only a browser checks (issue 8 items 8 and 9): the docs page renders under its Content Security
 * Policy with no violation and can call the API from "Try it out"; a page on another origin can call
 * REST (with a preflight) and GraphQL (POST and a GET query, as urql sends by default), and is refused
 * a GraphQL mutation by GET.
 */
import { createServer, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { SpawnedService, spawnService } from '../api/harness';
import { hasChromium, launchChromium } from '../helpers/browser';

const enabled = hasChromium();

describe.skipIf(!enabled)('in Chromium', () => {
  let service: SpawnedService;
  let browser: Browser;
  let otherOrigin: Server;
  let otherBase: string;

  beforeAll(async () => {
    [service, browser] = await Promise.all([spawnService({ DATABASE_URL: '' }), launchChromium()]);
    // A front-end on another origin: a blank page served from another port.
    otherOrigin = createServer((_req, res) =>
      res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>front-end</title>'),
    );
    await new Promise<void>((r) => otherOrigin.listen(0, '127.0.0.1', r));
    otherBase = `http://127.0.0.1:${(otherOrigin.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await browser?.close();
    await new Promise((r) => otherOrigin?.close(r));
    await service?.close();
  });

  /** A fresh page that records CSP violations and console errors. */
  async function page(): Promise<{ page: Page; problems: string[] }> {
    const p = await browser.newPage();
    const problems: string[] = [];
    p.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
    p.on('pageerror', (e) => problems.push(e.message));
    return { page: p, problems };
  }

  it('/docs renders every operation under its CSP, without a violation or script error', async () => {
    const { page: p, problems } = await page();
    const answer = await p.goto(`${service.base}/docs`);
    expect(answer?.status()).toBe(200);
    expect(answer?.headers()['content-security-policy']).toContain("script-src 'self'");
    await p.waitForSelector('.opblock', { timeout: 15_000 });
    const operations = await p.locator('.opblock').count();
    expect(operations).toBeGreaterThanOrEqual(15);
    await expect(p.locator('.info .title').textContent()).resolves.toContain('Tafl rules as a service');
    expect(problems).toEqual([]);
    await p.close();
  });

  it('"Try it out" on GET /v1/variants/{id} calls the API from the docs page and shows the answer', async () => {
    const { page: p, problems } = await page();
    await p.goto(`${service.base}/docs`);
    const op = p.locator('.opblock-get').filter({ has: p.locator('.opblock-summary-path[data-path="/v1/variants/{id}"]') });
    await op.locator('.opblock-summary').click();
    await op.locator('button.try-out__btn').click();
    await op.locator('input[placeholder="id"]').fill('brandubh');
    await op.locator('button.execute').click();
    const status = op.locator('.live-responses-table tr.response .response-col_status').first();
    await expect(status.textContent({ timeout: 15_000 })).resolves.toContain('200');
    // The answer body shown is the variant asked for.
    await op.locator('.live-responses-table .microlight', { hasText: '"id": "brandubh"' }).first().waitFor({ timeout: 5_000 });
    expect(problems).toEqual([]);
    await p.close();
  });

  it('a page on another origin calls REST with a preflight, and GraphQL by POST and by GET', async () => {
    const { page: p } = await page();
    await p.goto(otherBase);
    const answers = await p.evaluate(async (api) => {
      const rest = await fetch(`${api}/v1/evaluate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ variant: 'brandubh' }),
      });
      const post = await fetch(`${api}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ variant(id: "brandubh") { id size } }' }),
      });
      const get = await fetch(`${api}/graphql?query=${encodeURIComponent('{ variant(id: "fetlar") { size } }')}`, {
        headers: { accept: 'application/graphql-response+json, application/json' },
      });
      const mutation = await fetch(`${api}/graphql?query=${encodeURIComponent('mutation { resign(id: "x") { game { id } } }')}`);
      return {
        rest: { status: rest.status, body: await rest.json(), requestId: rest.headers.get('x-request-id') },
        post: { status: post.status, body: await post.json() },
        get: { status: get.status, body: await get.json() },
        mutation: { status: mutation.status },
      };
    }, service.base);
    expect(answers.rest).toMatchObject({ status: 200, body: { sideToMove: 'attackers', outcome: { status: 'ongoing' } } });
    // Exposed headers are readable by the page's script.
    expect(answers.rest.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(answers.post).toMatchObject({ status: 200, body: { data: { variant: { id: 'brandubh', size: 7 } } } });
    expect(answers.get).toMatchObject({ status: 200, body: { data: { variant: { size: 11 } } } });
    expect(answers.mutation.status).toBe(405);
    await p.close();
  });
});
