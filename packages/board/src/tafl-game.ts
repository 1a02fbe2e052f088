/**
 * <tafl-game>: a stored game of a tafl rules service, live. It follows the game's stream through
 * @tafl/client (which resumes after any break, each event once), shows the board, the clocks, a ply
 * slider and the result, and, given a side's `token`, plays that side's moves by `POST …/moves` with
 * `expectedPly`, so a move made on a stale view is refused rather than played on the wrong position.
 *
 * Attributes: `base-url` (the service; this page's origin when absent), `game-id`, `token` (optional),
 * `orientation` and `theme` (passed to the board). Events: `game` (detail: the GameRecord) on every change.
 */
import { LitElement, css, html, nothing, type PropertyValues } from 'lit';
import { createTaflClient, isProblemError, type TaflClient } from '@tafl/client';
import { type GameRecord, applyEvent, resultText, setPly } from './game-record.js';
import { ClockTicker, clocksView } from './game-clocks.js';
import type { MoveEvent } from './tafl-board.js';
import './define-board.js';

export class TaflGame extends LitElement {
  static override properties = {
    baseUrl: { type: String, attribute: 'base-url' },
    gameId: { type: String, attribute: 'game-id' },
    token: { type: String },
    orientation: { type: String },
    theme: { type: String },
    record: { state: true },
    viewPly: { state: true },
    message: { state: true },
    now: { state: true },
  };

  static override styles = css`
    :host {
      display: block;
      font:
        15px/1.4 system-ui,
        sans-serif;
      color: var(--tafl-text, #1b1611);
      max-width: 100%;
    }
    .bar {
      display: flex;
      flex-wrap: wrap;
      justify-content: space-between;
      gap: 0.5em;
      margin: 0.25em 0;
    }
    .clocks {
      display: flex;
      gap: 1em;
    }
    .clock {
      padding: 0.1em 0.5em;
      border-radius: 4px;
      background: #efe6d6;
      font-variant-numeric: tabular-nums;
    }
    .clock[data-running] {
      background: #5c3b1e;
      color: #fff;
    }
    .clock-side {
      text-transform: capitalize;
    }
    .slider {
      display: flex;
      align-items: center;
      gap: 0.5em;
    }
    .slider input {
      flex: 1;
    }
    .result {
      font-weight: 600;
    }
    .message {
      color: #8a1c13;
    }
  `;

  declare baseUrl: string | null;
  declare gameId: string | null;
  declare token: string | null;
  declare orientation: string;
  declare theme: string;
  declare record: GameRecord | null;
  /** The ply shown; null follows the latest. */
  declare viewPly: number | null;
  declare message: string;
  declare now: number;

  private client: TaflClient | null = null;
  private following: AbortController | null = null;
  private sending = false;
  private readonly ticker = new ClockTicker(() => (this.now = Date.now()));

  constructor() {
    super();
    this.baseUrl = null;
    this.gameId = null;
    this.token = null;
    this.orientation = 'normal';
    this.theme = 'wood';
    this.record = null;
    this.viewPly = null;
    this.message = '';
    this.now = Date.now();
  }

  /** The moves played so far (notation), for wrappers and tests. */
  get moves(): string[] {
    return this.record?.moves ?? [];
  }

  get outcome(): GameRecord['outcome'] | null {
    return this.record?.outcome ?? null;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.follow();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.following?.abort();
    this.following = null;
    this.ticker.stop();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if ((changed.has('baseUrl') || changed.has('gameId') || changed.has('token')) && this.isConnected) this.follow();
  }

  /** (Re)starts following the game named by the attributes. */
  private follow(): void {
    this.following?.abort();
    this.following = null;
    if (!this.gameId) return;
    const baseUrl = this.baseUrl || globalThis.location?.origin || '';
    this.client = createTaflClient({ baseUrl, token: this.token ?? undefined });
    const controller = new AbortController();
    this.following = controller;
    this.record = null;
    this.message = '';
    void this.run(this.client, this.gameId, controller.signal);
  }

  private async run(client: TaflClient, id: string, signal: AbortSignal): Promise<void> {
    try {
      for await (const event of client.streamGame(id, { signal })) {
        if (signal.aborted) return;
        this.take(applyEvent(this.record, event));
      }
    } catch (e) {
      if (signal.aborted) return;
      this.message = isProblemError(e, 'GAME_NOT_FOUND') ? `No game has the id ${id}.` : `The game cannot be followed: ${String(e)}`;
    }
  }

  private take(next: GameRecord | null): void {
    if (!next) return;
    this.record = next;
    this.ticker.follow(next.clocks, next.outcome.status === 'finished');
    this.dispatchEvent(new CustomEvent('game', { detail: next }));
  }

  /** The board's move: played on the service instead of on the board. */
  private readonly onMove = (e: MoveEvent): void => {
    e.preventDefault();
    const r = this.record;
    if (!r || !this.client || !this.gameId || this.sending) return;
    this.sending = true;
    this.message = '';
    const expectedPly = r.moves.length;
    this.client
      .playMove(this.gameId, { move: e.detail.notation, expectedPly })
      .then((answer) => {
        // The stream brings the same change; applying both is harmless (setPly is idempotent).
        const g = answer.game;
        if (this.record && this.record.moves.length <= g.ply) {
          const next = setPly(this.record, g.ply, answer.move.notation, g.position);
          this.take({ ...next, sideToMove: g.sideToMove, outcome: g.outcome, clocks: g.clocks, seats: g.seats, players: g.players });
        }
      })
      .catch((err: unknown) => {
        this.message = isProblemError(err, 'STALE_PLY')
          ? 'The game moved on before your move arrived; the board shows it now.'
          : isProblemError(err)
            ? err.problem.detail
            : `The move was not sent: ${String(err)}`;
      })
      .finally(() => {
        this.sending = false;
      });
  };

  private readonly onSlide = (e: Event): void => {
    const r = this.record;
    if (!r) return;
    const ply = Number((e.target as HTMLInputElement).value);
    this.viewPly = ply >= r.moves.length ? null : ply;
  };

  /** Whose moves a person may make here: the side to move, with a token, at the latest ply, not the computer's. */
  private canPlay(r: GameRecord, ply: number): boolean {
    return !!this.token && ply === r.moves.length && r.outcome.status === 'ongoing' && r.computer !== r.sideToMove;
  }

  override render() {
    const r = this.record;
    if (!r) return html`<p class="message" role="status">${this.message || 'Loading the game…'}</p>`;
    const last = r.moves.length;
    const ply = this.viewPly === null ? last : Math.min(this.viewPly, last);
    const position = r.positions[ply] ?? r.positions[last];
    const result = resultText(r.outcome);
    const players = r.players;
    const status = result ?? `${r.sideToMove === 'attackers' ? 'Attackers' : 'Defenders'} to move`;
    return html`
      <div class="bar">
        <span class="players"
          >${players?.attackers ?? (r.seats?.attackers === 'open' ? 'open seat' : r.computer === 'attackers' ? 'computer' : 'attackers')} vs
          ${players?.defenders ?? (r.seats?.defenders === 'open' ? 'open seat' : r.computer === 'defenders' ? 'computer' : 'defenders')}</span
        >
        ${clocksView(r.clocks, this.now, r.outcome.status === 'finished')}
      </div>
      <tafl-board
        part="board"
        variant=${r.variant}
        position=${position ?? nothing}
        last-move=${ply > 0 ? r.moves[ply - 1] : nothing}
        orientation=${this.orientation}
        theme=${this.theme}
        ?interactive=${this.canPlay(r, ply)}
        @move=${this.onMove}
      ></tafl-board>
      <div class="slider">
        <label for="ply">Ply</label>
        <input
          id="ply"
          type="range"
          min="0"
          max=${last}
          .value=${String(ply)}
          aria-valuetext=${ply === 0 ? 'start' : `ply ${ply} of ${last}: ${r.moves[ply - 1]}`}
          @input=${this.onSlide}
        />
        <output for="ply">${ply}/${last}</output>
      </div>
      <p class=${result ? 'result' : 'status'} role="status" aria-live="polite" data-status=${r.outcome.status}>${status}</p>
      ${this.message ? html`<p class="message" role="alert">${this.message}</p>` : nothing}
    `;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'tafl-game': TaflGame;
  }
}
