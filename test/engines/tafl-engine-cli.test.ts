/**
 * `tafl-engine` (api.md section 15): a scripted exchange in OpenTafl's engine protocol with the built
 * CLI (dist/scripts/tafl-engine.js; build with `npx tsc -p tsconfig.build.json` first), every move it
 * answers checked legal by the engine, and `goodbye` ending it with exit code 0. The transcript is
 * printed. No timing is asserted: the waits are generous bounds only.
 */
import { ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { moveOfRecord, positionRecord, simpleMove, stateOfRules } from '../../src/engines/otep';

const CLI = join(__dirname, '..', '..', 'dist', 'scripts', 'tafl-engine.js');
/** Brandubh as an OpenTafl rules string (OpenTafl's own Brandub: weak king, corners hostile). */
const BRANDUB = 'dim:7 name:Brandub atkf:y ks:w cenh: cenhe: start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/';

class Session {
  readonly transcript: string[] = [];
  private readonly lines: string[] = [];
  private waiting: (() => void) | null = null;
  readonly exited: Promise<number | null>;

  constructor(readonly child: ChildProcessWithoutNullStreams) {
    createInterface({ input: child.stdout }).on('line', (line) => {
      this.transcript.push(`engine> ${line}`);
      this.lines.push(line);
      this.waiting?.();
    });
    this.exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
  }

  send(line: string): void {
    this.transcript.push(`host>   ${line}`);
    this.child.stdin.write(`${line}\n`);
  }

  /** The next line starting with `word` (earlier lines of other kinds are skipped); 30 s at most. */
  async next(word: string): Promise<string> {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const i = this.lines.findIndex((l) => l.split(' ')[0] === word);
      if (i >= 0) return this.lines.splice(0, i + 1)[i];
      if (Date.now() > deadline) throw new Error(`no "${word}" line; transcript:\n${this.transcript.join('\n')}`);
      await new Promise<void>((resolve) => {
        this.waiting = resolve;
        setTimeout(resolve, 200);
      });
    }
  }
}

describe('tafl-engine CLI (OpenTafl engine protocol)', () => {
  it.skipIf(!existsSync(CLI))('plays legal Brandubh moves in a scripted exchange, analyses, and exits 0 on goodbye', async () => {
    const s = new Session(spawn(process.execPath, [CLI, '--level', '5', '--budget-ms', '300'], { stdio: 'pipe' }));
    const game = stateOfRules(BRANDUB);
    if (!game.ok) throw new Error(game.error);
    const state = game.value;
    try {
      expect(await s.next('hello')).toBe('hello');
      s.send(`rules ${BRANDUB}`);
      s.send(`position ${positionRecord(state)}`);
      s.send('side attackers');
      s.send('play attackers');
      s.send('clock 60000 60000 0 0 0');
      const first = (await s.next('move')).slice('move '.length);
      const m1 = moveOfRecord(state, first);
      expect(m1.ok, `${first} is legal`).toBe(true);
      if (!m1.ok) return;
      state.play(m1.value);
      // OpenTafl confirms the move with the board after it, then sends the opponent's move and asks again.
      s.send(`move ${positionRecord(state)}`);
      const reply = state.legalMoves()[0];
      const r = moveOfRecord(state, reply.notation);
      if (!r.ok) throw new Error(r.error);
      state.play(r.value);
      s.send(`opponent-move ${simpleMove(state.v, r.value)} ${positionRecord(state)}`);
      s.send('play attackers');
      s.send('clock 59000 60000 0 0 0');
      const second = (await s.next('move')).slice('move '.length);
      expect(moveOfRecord(state, second).ok, `${second} is legal after ${first} ${reply.notation}`).toBe(true);
      s.send('analyze 2 1');
      const analysis = (await s.next('analysis')).split(' ');
      expect(Number(analysis[1])).toBeGreaterThanOrEqual(1);
      expect(moveOfRecord(state, analysis[2].split('|')[0]).ok).toBe(true);
      s.send('goodbye');
      expect(await s.exited).toBe(0);
    } finally {
      s.child.kill('SIGKILL');
      console.log(`tafl-engine transcript:\n${s.transcript.join('\n')}`);
    }
  });

  it.skipIf(!existsSync(CLI))('answers rules it cannot play with a critical error, and exits 0 at the end of its input', async () => {
    const s = new Session(spawn(process.execPath, [CLI], { stdio: 'pipe' }));
    await s.next('hello');
    s.send('rules dim:7 ber:y start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/');
    expect(await s.next('error')).toMatch(/^error -1 rules not supported: .*ber/);
    s.child.stdin.end();
    expect(await s.exited).toBe(0);
  });
});
