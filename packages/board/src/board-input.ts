/**
 * How a person moves on <tafl-board>: a click on a piece selects it and a click on a destination plays;
 * a piece can be dragged onto a destination; the arrow keys walk the squares (on screen, whatever the
 * orientation), Enter or Space does what a click does, Escape drops the selection. The element gives
 * this controller its callbacks, so the rules of selection live in one place (`activate`).
 */
import { CELL, type Layout, cellAtPoint, cellOf, squareName, stepOnScreen } from './board-geometry.js';

export interface InputHost {
  layout(): Layout | null;
  /** What a click or Enter on the square does. */
  activate(square: string): void;
  /** Selects the square's piece if it may move (drag start); answers whether it did. */
  pick(square: string): boolean;
  /** A drop on `to` of the piece picked on `from`. */
  drop(from: string, to: string): void;
  setFocus(square: string): void;
  setPreview(square: string | null): void;
  deselect(): void;
  focused(): string;
}

/** Pixels the pointer must travel before a press becomes a drag (a shaky click stays a click). */
const DRAG_THRESHOLD = 6;

export class BoardInput {
  private pressed: { square: string; x: number; y: number; id: number } | null = null;
  private dragging = false;
  /** The click that the browser sends after a drag's release is not a click on a square. */
  private swallowClick = false;

  constructor(private readonly host: InputHost) {}

  /** The square under a viewport point; `root` is the element the listeners are on, which holds the grid. */
  private squareAt(root: HTMLElement, x: number, y: number): string | null {
    const l = this.host.layout();
    const grid = root.querySelector<HTMLElement>('.grid');
    if (!l || !grid) return null;
    const r = grid.getBoundingClientRect();
    if (r.width === 0) return null;
    // The grid covers the squares only; cellAtPoint works on the whole picture, so map back to it.
    const unit = r.width / (l.size * CELL);
    const fx = (x - r.left + l.left * unit) / (l.extent * unit);
    const fy = (y - r.top + l.top * unit) / (l.extent * unit);
    const c = cellAtPoint(l, fx, fy);
    return c ? squareName(c) : null;
  }

  readonly onClick = (e: MouseEvent): void => {
    if (this.swallowClick) {
      this.swallowClick = false;
      return;
    }
    const cell = (e.target as Element | null)?.closest?.('[data-square]');
    const square = cell?.getAttribute('data-square');
    if (!square) return;
    this.host.setFocus(square);
    this.host.activate(square);
  };

  readonly onPointerDown = (e: PointerEvent): void => {
    if (e.button !== 0) return;
    const square = (e.target as Element | null)?.closest?.('[data-square]')?.getAttribute('data-square');
    this.pressed = square ? { square, x: e.clientX, y: e.clientY, id: e.pointerId } : null;
    this.dragging = false;
  };

  readonly onPointerMove = (e: PointerEvent): void => {
    const grid = e.currentTarget as HTMLElement;
    if (!this.pressed || e.pointerId !== this.pressed.id) {
      // Hovering a destination previews what it captures.
      const square = this.squareAt(grid, e.clientX, e.clientY);
      this.host.setPreview(square);
      return;
    }
    if (!this.dragging && Math.hypot(e.clientX - this.pressed.x, e.clientY - this.pressed.y) >= DRAG_THRESHOLD) {
      if (!this.host.pick(this.pressed.square)) {
        this.pressed = null;
        return;
      }
      this.dragging = true;
      grid.setPointerCapture(e.pointerId);
      grid.classList.add('dragging');
    }
    if (this.dragging) this.host.setPreview(this.squareAt(grid, e.clientX, e.clientY));
  };

  readonly onPointerUp = (e: PointerEvent): void => {
    const grid = e.currentTarget as HTMLElement;
    const pressed = this.pressed;
    this.pressed = null;
    if (!pressed || !this.dragging) return;
    this.dragging = false;
    this.swallowClick = true;
    grid.classList.remove('dragging');
    if (grid.hasPointerCapture(e.pointerId)) grid.releasePointerCapture(e.pointerId);
    const to = this.squareAt(grid, e.clientX, e.clientY);
    if (to && to !== pressed.square) this.host.drop(pressed.square, to);
    // A release elsewhere, or on the square it started from, leaves the piece selected.
  };

  readonly onPointerLeave = (): void => {
    if (!this.dragging) this.host.setPreview(null);
  };

  readonly onKeyDown = (e: KeyboardEvent): void => {
    const l = this.host.layout();
    const from = cellOf(this.host.focused());
    if (!l || !from) return;
    const steps: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    const step = steps[e.key];
    if (step) {
      e.preventDefault();
      const to = squareName(stepOnScreen(l, from, step[0], step[1]));
      this.host.setFocus(to);
      this.host.setPreview(to);
      return;
    }
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      this.host.activate(this.host.focused());
    } else if (e.key === 'Escape') {
      this.host.deselect();
    }
  };
}
