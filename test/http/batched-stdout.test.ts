/** Log lines written in batches arrive whole and in order, within the flush interval and at exit. */
import { closeSync, mkdtempSync, openSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BatchedStdout } from '../../src/http/batched-stdout';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('BatchedStdout', () => {
  it('writes every line once, in order, in batches and on the interval', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'tafl-log-')), 'out.log');
    const fd = openSync(file, 'w');
    const out = new BatchedStdout(fd, 20);
    const lines = Array.from({ length: 5000 }, (_, i) => `{"n":${i},"text":"ö ${'x'.repeat(i % 300)}"}\n`);
    for (const l of lines) out.write(l);
    await sleep(150);
    // A lone line after the batches: written by the interval, not by a full batch.
    out.write('{"last":true}\n');
    await sleep(150);
    expect(readFileSync(file, 'utf8')).toBe(lines.join('') + '{"last":true}\n');
    closeSync(fd);
  });

  it('flushSync writes what is pending at once', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'tafl-log-')), 'out.log');
    const fd = openSync(file, 'w');
    const out = new BatchedStdout(fd, 60_000);
    out.write('{"a":1}\n');
    expect(readFileSync(file, 'utf8')).toBe('');
    out.flushSync();
    expect(readFileSync(file, 'utf8')).toBe('{"a":1}\n');
    closeSync(fd);
  });

  it('a closed destination stops logging without throwing', async () => {
    // A descriptor number no process has open (a closed one could be reused by the test runner).
    const out = new BatchedStdout(999_999, 10);
    for (let i = 0; i < 2000; i++) out.write(`{"i":${i},"pad":"${'y'.repeat(40)}"}\n`);
    await sleep(50);
    expect(() => out.write('{"after":true}\n')).not.toThrow();
    expect(() => out.flushSync()).not.toThrow();
  });
});
