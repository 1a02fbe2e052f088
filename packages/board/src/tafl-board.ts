/**
 * <tafl-board>: one position of any built-in variant (7×7 to 25×25), drawn as the service draws it, on
 * which a person can move by click, drag or keyboard when `interactive`. The legal destinations of the
 * selected piece and the captures each would make come from @tafl/rules locally, with no round trip.
 *
 * Attributes: `variant` (a built-in id, default brandubh), `position` (TFEN; the start when absent),
 * `orientation` (`normal`, or `flipped` for rank 1 at the top), `coords` (`false` hides them), `last-move`
 * (`d2-e2`), `interactive`, `theme` (`wood` or `slate`). A move fires a cancelable `move` event whose
 * detail is `{ from, to, notation, captures }`; left uncancelled, the board plays it on itself.
 */
import { LitElement, css, html, type PropertyValues } from 'lit';
import { applyMove, THEMES, type ThemeName } from '@tafl/rules';
import { type Layout, cellOf, layoutOf, squareName } from './board-geometry.js';
import { type BoardModel, type LegalMove, boardModel, sideOfPiece } from './board-model.js';
import { boardView, destinationsOf, moveSquares, placeGrid } from './board-view.js';
import { BoardInput } from './board-input.js';

export type MoveEvent = CustomEvent<LegalMove>;

export class TaflBoard extends LitElement {
  static override properties = {
    variant: { type: String },
    position: { type: String },
    orientation: { type: String },
    coords: { type: String },
    lastMove: { type: String, attribute: 'last-move' },
    interactive: { type: Boolean, reflect: true },
    theme: { type: String },
    selected: { state: true },
    preview: { state: true },
    focusSquare: { state: true },
  };

  static override styles = css`
    :host {
      display: block;
      position: relative;
      max-width: 100%;
      -webkit-user-select: none;
      user-select: none;
      touch-action: none;
    }
    .board {
      position: relative;
      width: 100%;
      aspect-ratio: 1;
    }
    .picture svg,
    .marks {
      position: absolute;
      inset: 0;
      width: 100%;
      height: 100%;
      display: block;
      pointer-events: none;
    }
    .grid {
      position: absolute;
      display: grid;
      grid-template-columns: repeat(var(--n), 1fr);
      grid-template-rows: repeat(var(--n), 1fr);
    }
    .row {
      display: contents;
    }
    .cell {
      outline: none;
    }
    :host([interactive]) .cell[data-piece],
    :host([interactive]) .cell[data-dest] {
      cursor: pointer;
    }
    .dragging,
    .dragging .cell {
      cursor: grabbing;
    }
    .cell:focus-visible {
      box-shadow: inset 0 0 0 3px var(--tafl-focus, #1a56c4);
    }
    .error {
      font:
        14px system-ui,
        sans-serif;
      color: #8a1c13;
    }
  `;

  declare variant: string;
  declare position: string | null;
  declare orientation: string;
  declare coords: string | null;
  declare lastMove: string | null;
  declare interactive: boolean;
  declare theme: string;
  declare selected: string | null;
  declare preview: string | null;
  declare focusSquare: string | null;

  /** Which pieces a person may move: `both` (default), one side, or `none`. <tafl-game> sets it. */
  movable: 'both' | 'attackers' | 'defenders' | 'none' = 'both';

  private model: BoardModel | Error | null = null;
  private readonly input: BoardInput;

  constructor() {
    super();
    this.variant = 'brandubh';
    this.position = null;
    this.orientation = 'normal';
    this.coords = null;
    this.lastMove = null;
    this.interactive = false;
    this.theme = 'wood';
    this.selected = null;
    this.preview = null;
    this.focusSquare = null;
    this.input = new BoardInput({
      layout: () => this.layout(),
      activate: (sq) => this.activate(sq),
      pick: (sq) => this.pick(sq),
      drop: (from, to) => this.drop(from, to),
      setFocus: (sq) => this.moveFocus(sq),
      setPreview: (sq) => (this.preview = sq),
      deselect: () => (this.selected = null),
      focused: () => this.currentFocus(),
    });
  }

  /** The position shown, as the model read it (the start's TFEN when no position was given). */
  get currentPosition(): string | null {
    return this.model instanceof Error || !this.model ? null : this.model.position;
  }

  /** The legal destinations of the selected piece, for tests and wrappers. */
  get destinations(): string[] {
    const m = this.model;
    return m && !(m instanceof Error) ? [...destinationsOf({ model: m, selected: this.selected }).keys()] : [];
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('variant') || changed.has('position') || this.model === null) {
      this.model = boardModel(this.variant || 'brandubh', this.position || null);
      this.selected = null;
      this.preview = null;
    }
    if (changed.has('interactive') && !this.interactive) this.selected = null;
  }

  private showsCoords(): boolean {
    return this.coords !== 'false' && this.coords !== 'off';
  }

  private layout(): Layout | null {
    const m = this.model;
    if (!m || m instanceof Error) return null;
    return layoutOf(m.size, this.showsCoords(), this.orientation === 'flipped');
  }

  private currentFocus(): string {
    const m = this.model;
    if (this.focusSquare) return this.focusSquare;
    if (!m || m instanceof Error) return 'a1';
    // Before any key was pressed, the tab stop is the first square of the top row as shown.
    const l = this.layout()!;
    return squareName(l.flipped ? { file: m.size - 1, rank: 0 } : { file: 0, rank: m.size - 1 });
  }

  private moveFocus(square: string): void {
    this.focusSquare = square;
    void this.updateComplete.then(() => {
      const cell = this.renderRoot.querySelector<HTMLElement>(`[data-square="${square}"]`);
      if (cell && this.renderRoot instanceof ShadowRoot && this.renderRoot.activeElement !== cell && this.matches(':focus-within'))
        cell.focus();
    });
  }

  private mayMove(square: string): boolean {
    const m = this.model;
    if (!this.interactive || !m || m instanceof Error) return false;
    const piece = m.pieces.get(square);
    if (!piece || sideOfPiece(m, piece) !== m.sideToMove) return false;
    return this.movable === 'both' || this.movable === m.sideToMove;
  }

  private pick(square: string): boolean {
    if (!this.mayMove(square)) return false;
    this.selected = square;
    return true;
  }

  private activate(square: string): void {
    const m = this.model;
    if (!this.interactive || !m || m instanceof Error) return;
    const move = this.selected ? m.moves.get(this.selected)?.find((x) => x.to === square) : undefined;
    if (move) return this.play(move);
    this.selected = this.selected === square || !this.mayMove(square) ? null : square;
  }

  private drop(from: string, to: string): void {
    const m = this.model;
    const move = m && !(m instanceof Error) ? m.moves.get(from)?.find((x) => x.to === to) : undefined;
    if (move) this.play(move);
  }

  private play(move: LegalMove): void {
    this.selected = null;
    this.preview = null;
    const event: MoveEvent = new CustomEvent('move', { detail: move, bubbles: true, composed: true, cancelable: true });
    if (!this.dispatchEvent(event)) return;
    // Nobody took the move over: the board is its own game.
    const played = applyMove({ variant: this.variant, position: this.currentPosition ?? undefined }, move.notation);
    if (!played.ok) return;
    this.position = played.value.position;
    this.lastMove = `${move.from}-${move.to}`;
  }

  protected override updated(): void {
    const grid = this.renderRoot.querySelector<HTMLElement>('.grid');
    const layout = this.layout();
    if (grid && layout) placeGrid(grid, layout);
  }

  override render() {
    const m = this.model;
    if (!m) return html``;
    if (m instanceof Error) return html`<p class="error" role="alert">${m.message}</p>`;
    const theme: ThemeName = (THEMES as readonly string[]).includes(this.theme) ? (this.theme as ThemeName) : 'wood';
    const layout = this.layout()!;
    const focus = this.currentFocus();
    const last = moveSquares(this.lastMove);
    const lastMove = last && cellOf(last.from) && cellOf(last.to) ? last : null;
    return html`<div
      @click=${this.input.onClick}
      @pointerdown=${this.input.onPointerDown}
      @pointermove=${this.input.onPointerMove}
      @pointerup=${this.input.onPointerUp}
      @pointerleave=${this.input.onPointerLeave}
      @keydown=${this.input.onKeyDown}
      @focusin=${this.onFocusIn}
    >
      ${boardView({
        model: m,
        layout,
        theme,
        coords: this.showsCoords(),
        lastMove,
        selected: this.selected,
        preview: this.preview,
        focus,
        interactive: this.interactive,
      })}
    </div>`;
  }

  /** Focus arriving on a square (tab, click) makes it the tab stop and previews it. */
  private readonly onFocusIn = (e: FocusEvent): void => {
    const square = (e.target as Element | null)?.getAttribute?.('data-square');
    if (square && square !== this.focusSquare) this.focusSquare = square;
  };
}

declare global {
  interface HTMLElementTagNameMap {
    'tafl-board': TaflBoard;
  }
  interface HTMLElementEventMap {
    move: MoveEvent;
  }
}
