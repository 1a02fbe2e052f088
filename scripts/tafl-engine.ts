#!/usr/bin/env node
/**
 * `npx tafl-engine`: the service's search as an engine for OpenTafl (api.md section 15), speaking
 * OpenTafl's engine protocol (OTEP) on standard input and output through the codec in
 * src/engines/otep.ts. It keeps one game: `rules` starts it, `position` and `side` set it up (analysis,
 * replays), `opponent-move` and OpenTafl's `move <position>` confirmation advance it, `play` answers a
 * `move`, `analyze` answers `analysis`, `goodbye` (or the end of input) exits 0.
 *
 * The search runs in this thread: the process is the engine, so blocking it only holds back the next
 * command, which OTEP never expects answered before the move. Options: `--level 1..10` (default 10, the whole budget),
 * `--budget-ms 1..5000` (default 2000, the most one move may take; a clock given by OpenTafl lowers it).
 */
import { createInterface } from 'node:readline';
import type { GameState, SideName } from '../src/engine';
import {
  OtepClock,
  isSideWord,
  moveOfRecord,
  movesNotYetPlayed,
  parseClock,
  parseOtepLine,
  positionRecord,
  simpleMove,
  stateOfPosition,
  stateOfRules,
} from '../src/engines/otep';
import { MAX_BUDGET_MS, suggest } from '../src/search';

interface Options {
  level: number;
  budgetMs: number;
}

function options(argv: readonly string[]): Options {
  const o: Options = { level: 10, budgetMs: 2000 };
  for (let i = 0; i < argv.length; i++) {
    const value = Number(argv[i + 1]);
    if (argv[i] === '--level' && Number.isInteger(value) && value >= 1 && value <= 10) o.level = value;
    else if (argv[i] === '--budget-ms' && Number.isInteger(value) && value >= 1 && value <= MAX_BUDGET_MS) o.budgetMs = value;
    else continue;
    i++;
  }
  return o;
}

/**
 * The time one move may take with `clock` given: a twentieth of the main time left plus half an
 * overtime period, or half the current period once main time is spent; never more than `cap`.
 */
export function moveBudget(clock: OtepClock | null, side: SideName, cap: number): number {
  if (!clock) return cap;
  const ms = side === 'attackers' ? clock.attackersMs : clock.defendersMs;
  const overtime = side === 'attackers' ? clock.attackersOvertime : clock.defendersOvertime;
  const share = overtime ? ms / 2 : ms / 20 + (clock.overtimeSeconds * 1000) / 2;
  return Math.max(10, Math.min(cap, Math.floor(share)));
}

class Engine {
  private state: GameState | null = null;
  private clock: OtepClock | null = null;
  /** The move sent and not yet confirmed by OpenTafl's `move <position>`. */
  private pending: number | null = null;
  private playTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly o: Options,
    private readonly send: (line: string) => void,
    private readonly exit: () => void,
  ) {}

  handle(line: string): void {
    const cmd = parseOtepLine(line);
    if (!cmd) return;
    const [first, second] = cmd.args;
    switch (cmd.command) {
      case 'hello':
        return;
      case 'rules': {
        const r = stateOfRules(cmd.rest);
        if (!r.ok) return this.send(`error -1 rules not supported: ${r.error}`);
        this.state = r.value;
        this.pending = null;
        return;
      }
      case 'position':
        return this.resync(cmd.rest, this.state?.sideToMove() ?? 'attackers');
      case 'side':
        if (isSideWord(first) && this.state) this.toMove(first);
        return;
      case 'clock':
        this.clock = parseClock(cmd.args);
        return;
      case 'move':
        // OpenTafl accepted our move; the record is the board after it.
        if (this.state && this.pending !== null) this.state.advance(this.pending);
        this.pending = null;
        if (first) this.checkBoard(first);
        return;
      case 'error':
        // Our move was refused: OpenTafl follows with opponent-move (the true position) and play.
        this.pending = null;
        return;
      case 'opponent-move':
        return this.opponentMoved(first ?? '', second ?? '');
      case 'play':
        if (!isSideWord(first)) return this.send(`error 0 play needs attackers or defenders, got "${cmd.rest}"`);
        // OTEP sends `clock` right after `play` (OpenTafl itself sends it just before): wait a moment
        // for it, so the budget follows the clock either way.
        if (this.playTimer) clearTimeout(this.playTimer);
        this.playTimer = setTimeout(() => this.play(first), 20);
        return;
      case 'analyze':
        return this.analyze(Number(first), Number(second));
      case 'finish':
        return;
      case 'goodbye':
        return this.exit();
      default:
        return this.send(`status unknown command "${cmd.command}"`);
    }
  }

  private resync(record: string, side: SideName): void {
    if (!this.state) return this.send('error 0 position before rules');
    const r = stateOfPosition(this.state.v, record, side);
    if (!r.ok) return this.send(`error 0 bad position: ${r.error}`);
    this.state = r.value;
    this.pending = null;
  }

  /** Sets the side to move (a `side` or `play` for the other side than ours), keeping the board. */
  private toMove(side: SideName): void {
    if (this.state && this.state.sideToMove() !== side) this.resync(positionRecord(this.state), side);
  }

  /** After an unconfirmed move or a board that differs from OpenTafl's, OpenTafl's board wins. */
  private checkBoard(record: string): void {
    if (this.state && positionRecord(this.state) !== record) this.resync(record, this.state.sideToMove());
  }

  private opponentMoved(moves: string, record: string): void {
    if (!this.state) return;
    // A move sent but never confirmed is not on OpenTafl's board: start from the board it sends.
    let inStep = this.pending === null;
    this.pending = null;
    for (const text of inStep ? movesNotYetPlayed(this.state, moves.split('|').filter(Boolean)) : []) {
      const m = moveOfRecord(this.state, text);
      if (!m.ok) {
        inStep = false;
        break;
      }
      this.state.advance(m.value);
    }
    // `play` follows with our side and sets the side to move, so the board is all that is taken here.
    if (!inStep || positionRecord(this.state) !== record) this.resync(record, this.state.sideToMove());
  }

  private play(side: SideName): void {
    this.playTimer = null;
    if (!this.state) return this.send('error -1 play before rules');
    this.toMove(side);
    const budgetMs = moveBudget(this.clock, side, this.o.budgetMs);
    const r = suggest(this.state.v, this.state.pos, { level: this.o.level, budgetMs });
    if (r.bestMove === null || r.bestMove === 0) return this.send('error -1 no move to play: the game is over or the side must pass');
    const best = r.lines[0];
    this.send(`status depth ${r.depth} score ${best.score} nodes ${r.nodes} time ${r.timeMs}ms`);
    this.pending = r.bestMove;
    this.send(`move ${simpleMove(this.state.v, r.bestMove)}`);
  }

  private analyze(count: number, seconds: number): void {
    if (!this.state) return this.send('error 0 analyze before rules');
    const multiPv = Number.isInteger(count) && count >= 1 ? Math.min(count, 5) : 1;
    const budgetMs = Number.isFinite(seconds) && seconds > 0 ? Math.min(MAX_BUDGET_MS, Math.floor(seconds * 1000)) : this.o.budgetMs;
    const r = suggest(this.state.v, this.state.pos, { level: 10, budgetMs, multiPv });
    const v = this.state.v;
    const lines = r.lines.filter((l) => l.moves.length && l.moves[0] !== 0);
    // Each line: its moves joined by `|` (no spaces), then the score of its first move for the side to move.
    const pairs = lines.map(
      (l) =>
        `${l.moves
          .filter((m) => m !== 0)
          .map((m) => simpleMove(v, m))
          .join('|')} ${l.score}`,
    );
    this.send(`analysis ${pairs.length}${pairs.length ? ' ' + pairs.join(' ') : ''}`);
  }
}

function main(): void {
  const rl = createInterface({ input: process.stdin, terminal: false });
  const send = (line: string) => void process.stdout.write(`${line}\n`);
  const engine = new Engine(options(process.argv.slice(2)), send, () => {
    rl.close();
    process.exit(0);
  });
  rl.on('line', (line) => engine.handle(line));
  rl.on('close', () => process.exit(0));
  send('hello');
}

if (require.main === module) main();
