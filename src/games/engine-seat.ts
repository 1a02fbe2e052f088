/**
 * A side of a stored game played by an external engine over OpenTafl's engine protocol (api.md
 * section 15). The computer player (computer-player.ts) hands it the turns of such sides: the move is
 * asked of a fresh engine process (src/engines, off the request path, killed past its limit) and
 * played through the same path as the built-in search's; a failure (crash, illegal move, overrun,
 * critical error) ends the game on engine_failure under the game's row lock, only while the game still
 * waits for that very move, so of two instances that both asked, at most one move or one failure is
 * stored and the other changes nothing (STALE_PLY), as with the built-in computer.
 */
import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, AppConfig, EngineCommand } from '../config/config';
import { loadState } from '../engine';
import { EngineAnswer, askEngineMove } from '../engines/engine-session';
import { OtepClock, rulesOtn } from '../engines/otep';
import { ProblemError } from '../http/problem-error';
import type { CatalogEntry } from '../variants';
import { GameDecisions } from './acts/game-decisions.service';
import { MovePlay } from './acts/move-play.service';
import { ComputerTurn } from './reading/game-reads.service';

/** Time for an engine process to start and answer over the pipes, on top of its clock or budget. */
export const ENGINE_START_MS = 2_000;

/** The OTN rules string an engine is told for a game of `entry` that started at `startPosition` (TFEN). */
export function engineRules(entry: CatalogEntry, startPosition: string): ReturnType<typeof rulesOtn> {
  const [layout, side] = startPosition.split(' ');
  return rulesOtn({ ...entry.rules, layout, first: side === 'a' ? 'attackers' : 'defenders' }, entry.meta.name);
}

/**
 * Refuses an engine seat at game creation: a name ENGINES does not allow (UNKNOWN_ENGINE), or rules
 * no OTN rules string can say, so no engine could be told them (ENGINE_RULES_UNSUPPORTED). Berserk
 * rules are refused too (ENGINE_RULES_UNSUPPORTED): OTEP tells an engine of a berserker only through the
 * moves of a game it has followed (`opponent-move a|b`, its own confirmed `move`), and the service starts
 * an engine per move with `position` and `side`, which cannot say that a piece must move again. Such an
 * engine would answer moves of other pieces, be refused, and lose its game on engine_failure.
 */
export function checkEngineSeat(
  engines: Record<string, EngineCommand>,
  name: unknown,
  entry: CatalogEntry,
  start: string,
  field: string,
): void {
  const allowed = Object.keys(engines);
  if (typeof name !== 'string' || !Object.hasOwn(engines, name)) {
    const known = allowed.length ? `one of ${allowed.join(', ')}` : 'none: this service allows no external engine (ENGINES)';
    throw ProblemError.invalidField(field, `there is no engine "${String(name)}" (${known})`, 'UNKNOWN_ENGINE');
  }
  if (entry.rules.berserk !== undefined)
    throw ProblemError.invalidField(
      field,
      `${entry.meta.id} plays berserk (a piece that captured moves again): an external engine, started per move with only the board and the side to move, cannot be told which piece must move, so it cannot be seated`,
      'ENGINE_RULES_UNSUPPORTED',
    );
  const rules = engineRules(entry, start);
  if (!rules.ok)
    throw ProblemError.invalidField(
      field,
      `the rules of ${entry.meta.id} cannot be written as an OpenTafl rules string for an engine: ${rules.error.join(' ')}`,
      'ENGINE_RULES_UNSUPPORTED',
    );
}

/** The clocks as OTEP's `clock` command carries them. */
function otepClock(c: NonNullable<ComputerTurn['clock']>): OtepClock {
  const r = c.reading;
  const byoyomi = c.timeControl.type === 'byoyomi';
  return {
    attackersMs: r.attackersMs,
    defendersMs: r.defendersMs,
    attackersOvertime: byoyomi && c.state.attackersMs === 0,
    defendersOvertime: byoyomi && c.state.defendersMs === 0,
    overtimeSeconds: c.timeControl.type === 'byoyomi' ? Math.round(c.timeControl.periodMs / 1000) : 0,
    attackersPeriods: r.attackersPeriods ?? 0,
    defendersPeriods: r.defendersPeriods ?? 0,
  };
}

/**
 * How long the engine may take: until its side's flag falls (the flag fall then ends the game on
 * time), or the side's budgetMs without a clock; either plus ENGINE_START_MS.
 */
export function engineLimitMs(turn: Pick<ComputerTurn, 'clock' | 'computer'>, now: number): number {
  const deadline = turn.clock?.reading.deadline;
  const own = deadline !== null && deadline !== undefined ? Math.max(0, deadline - now) : turn.computer.budgetMs;
  return own + ENGINE_START_MS;
}

@Injectable()
export class EngineSeat {
  private readonly logger = new Logger('Engine');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly moves: MovePlay,
    private readonly decisions: GameDecisions,
  ) {}

  /**
   * Asks the engine for the move at `ply` and stores its move or its failure. Rejects with the play
   * path's ProblemErrors (another instance was first), as the built-in computer's move does.
   */
  async move(id: string, ply: number, turn: ComputerTurn, entry: CatalogEntry, now: number): Promise<void> {
    const name = turn.computer.engine as string;
    const side = turn.computer.side;
    const command = this.config.engines[name];
    const rules = engineRules(entry, turn.startPosition);
    const state = loadState(turn.v, { position: turn.startPosition, moves: turn.moves });
    let answer: EngineAnswer;
    if (!command) answer = { ok: false, kind: 'crashed', detail: `the engine "${name}" is no longer in ENGINES`, transcript: [] };
    else if (!rules.ok) answer = { ok: false, kind: 'engine_error', detail: rules.error.join(' '), transcript: [] };
    else if (!state.ok) throw new Error(`game ${id} does not replay: ${JSON.stringify(state.error)}`);
    else {
      answer = await askEngineMove(command, {
        rules: rules.value,
        state: state.value,
        side,
        clock: turn.clock ? otepClock(turn.clock) : null,
        limitMs: engineLimitMs(turn, now),
      });
    }
    if (answer.ok) {
      await this.moves.play(id, null, answer.notation, ply, true);
      return;
    }
    this.logger.warn(`game ${id} ply ${ply}: engine "${name}" failed (${answer.kind}): ${answer.detail}\n${answer.transcript.join('\n')}`);
    await this.decisions.engineFailure(id, side, ply);
  }
}
