/**
 * One move asked of an external engine over OpenTafl's engine protocol (api.md section 15). Each move
 * is its own session: the engine process is started, told the rules, the position and the side
 * (OTEP's commands for setting a game up), asked to `play`, and given the clock; its `move` is checked
 * against the game's rules and confirmed (`move <position>`) or refused (`error 2`); then `goodbye`.
 * A session per move keeps no process between turns, so any instance of the service can ask for any
 * move and nothing is left running when a game ends or an instance stops.
 *
 * The session never hangs and never outlives its limit: past `limitMs` the process is killed (SIGKILL)
 * and the answer is a failure, as it is when the process exits or fails to start before answering,
 * answers an illegal move, or reports a critical error (`error -1`). The answer is settled only after
 * the process has exited on a failure, so a caller never leaves one behind.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { GameState, SideName } from '../engine';
import type { EngineCommand } from '../config/config';
import { ERROR_ILLEGAL_MOVE, FINISH_CODES, OtepClock, clockLine, moveOfRecord, parseOtepLine, positionRecord } from './otep';

export interface EngineMoveRequest {
  /** The OTN rules string of the game's variant (with its start position). */
  rules: string;
  /** The game as it stands (played on when the engine's move is legal). */
  state: GameState;
  side: SideName;
  /** The game's clocks, or null without a time control. */
  clock: OtepClock | null;
  /** Milliseconds from the start of the process to its answer before it is killed. */
  limitMs: number;
}

export const ENGINE_FAILURES = ['crashed', 'illegal_move', 'timeout', 'engine_error'] as const;
export type EngineFailureKind = (typeof ENGINE_FAILURES)[number];

export type EngineAnswer =
  | { ok: true; move: number; notation: string; transcript: string[] }
  | { ok: false; kind: EngineFailureKind; detail: string; transcript: string[] };

/** How long a process that answered may take to leave after `goodbye` before it is killed. */
export const GOODBYE_GRACE_MS = 1_000;

/** Lines of a session kept for the log (the rules string alone can be long). */
const TRANSCRIPT_LINES = 40;

/** Runs one session; never rejects. */
export function askEngineMove(engine: EngineCommand, req: EngineMoveRequest): Promise<EngineAnswer> {
  const transcript: string[] = [];
  const note = (line: string) => void (transcript.length < TRANSCRIPT_LINES && transcript.push(line));
  return new Promise<EngineAnswer>((resolve) => {
    // detached: the engine is the leader of its own process group, so a kill reaches what it started too.
    const child = spawn(engine.command, engine.args, { stdio: ['pipe', 'pipe', 'ignore'], detached: true, windowsHide: true });
    let settled = false;
    let exited = false;
    let failure: EngineAnswer | null = null;
    const kill = () => {
      if (exited || child.pid === undefined) return;
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    };
    const send = (line: string) => {
      note(`> ${line}`);
      if (child.stdin.writable) child.stdin.write(`${line}\n`);
    };
    /** A failure is answered once the process is gone (at once if it already is). */
    const fail = (kind: EngineFailureKind, detail: string) => {
      if (settled || failure) return;
      clearTimeout(timer);
      failure = { ok: false, kind, detail, transcript };
      kill();
      if (exited) finish();
    };
    const finish = () => {
      if (settled) return;
      settled = true;
      resolve(failure ?? { ok: false, kind: 'crashed', detail: 'the engine exited without a move', transcript });
    };
    const timer = setTimeout(() => fail('timeout', `no move within ${req.limitMs} ms: the engine was killed`), req.limitMs);
    // A pipe closed by a dying engine is the crash that 'exit' reports; nothing to do here.
    child.stdin.on('error', () => undefined);
    child.on('error', (e) => {
      exited = exited || child.pid === undefined;
      fail('crashed', `the engine could not be run: ${e.message}`);
      if (child.pid === undefined) finish();
    });
    child.on('exit', (code, signal) => {
      exited = true;
      clearTimeout(timer);
      if (!settled && !failure)
        failure = { ok: false, kind: 'crashed', detail: `the engine exited (${signal ?? `code ${code}`}) without a move`, transcript };
      finish();
    });
    const lines = createInterface({ input: child.stdout });
    lines.on('line', (line) => {
      if (settled || failure) return;
      note(`< ${line}`);
      const cmd = parseOtepLine(line);
      if (!cmd) return;
      if (cmd.command === 'error' && cmd.args[0] === '-1') fail('engine_error', `the engine gave up: ${cmd.rest}`);
      if (cmd.command !== 'move') return;
      const m = moveOfRecord(req.state, cmd.rest);
      if (!m.ok) {
        send(`error ${ERROR_ILLEGAL_MOVE}`);
        return fail('illegal_move', `the engine answered an illegal move: ${m.error}`);
      }
      clearTimeout(timer);
      const info = req.state.play(m.value);
      send(`move ${positionRecord(req.state)}`);
      const outcome = req.state.outcomeInfo();
      if (outcome.status === 'finished') send(`finish ${outcome.winner ? FINISH_CODES[outcome.winner] : FINISH_CODES.exit}`);
      send('goodbye');
      child.stdin.end();
      settled = true;
      // Answered: it may leave on its own, or is made to.
      setTimeout(kill, GOODBYE_GRACE_MS).unref();
      resolve({ ok: true, move: m.value, notation: info.notation, transcript });
    });
    send(`rules ${req.rules}`);
    // The board and the side only: a berserker (OTN-13) cannot be said, so berserk games seat no engine (engine-seat.ts).
    send(`position ${positionRecord(req.state)}`);
    send(`side ${req.side}`);
    send(`play ${req.side}`);
    if (req.clock) send(clockLine(req.clock));
  });
}
