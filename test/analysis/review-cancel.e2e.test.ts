/**
 * A review whose client goes away stops searching (api.md section 16): over a real HTTP connection to
 * the service as `npm start` runs it, with one search worker and one search per client. The review
 * asked for would search for 30 s; once its reader disconnects after the first ply, the same client
 * gets a suggestion answered (not 429 TOO_MANY_SEARCHES), which it could not while the review searched.
 */
import { SpawnedService, spawnService } from '../api/harness';
import { BRANDUBH_GAME } from '../games/client';

let service: SpawnedService;
beforeAll(async () => {
  service = await spawnService({ SEARCH_WORKERS: '1', MAX_SEARCHES_PER_CLIENT: '1', DATABASE_URL: '' });
});
afterAll(async () => service?.stop());

const suggest = () =>
  fetch(`${service.base}/v1/suggest-move`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ variant: 'brandubh', budgetMs: 50 }),
  });

it("a client that disconnects cancels the review: its searches stop and free the client's search slot", async () => {
  const controller = new AbortController();
  const res = await fetch(`${service.base}/v1/analyze-game`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/x-ndjson' },
    body: JSON.stringify({ variant: 'brandubh', moves: BRANDUBH_GAME, budgetMsPerPly: 2000 }),
    signal: controller.signal,
  });
  expect(res.status).toBe(200);
  const reader = res.body!.getReader();
  const first = await reader.read();
  expect(new TextDecoder().decode(first.value)).toMatch(/^\{"type":"ply","ply":1,/);
  // While the review searches, the client's one search slot is taken: each position's job is queued in
  // the same turn of the event loop as the previous one's answer, so the slot is never seen free.
  expect((await suggest()).status).toBe(429);
  controller.abort();
  // The service sees the connection close and cancels the search in flight; poll until it has (10 s at
  // most, while the review left running would hold the slot some 25 s more).
  let status = 0;
  for (let i = 0; i < 100 && status !== 200; i++) {
    status = (await suggest()).status;
    if (status !== 200) await new Promise((r) => setTimeout(r, 100));
  }
  expect(status).toBe(200);
});
