/**
 * The drawing of <tafl-board>: the service's picture underneath (the same `positionSvg` the service draws
 * its SVG and PNG boards with, so themes, special squares and pieces look exactly alike), then a layer of
 * marks with the same viewBox (the selected piece, its legal destinations, the captures a move would
 * make), then the accessible grid of squares that takes clicks, drags and keys.
 */
import { html, svg, nothing, type TemplateResult } from 'lit';
import { unsafeHTML } from 'lit/directives/unsafe-html.js';
import { positionSvg, THEME_COLOURS, type ThemeName } from '@tafl/rules';
import { CELL, type Layout, boardArea, cellOf, screenOf, screenRows, squareName } from './board-geometry.js';
import { type BoardModel, type LegalMove, squareLabel } from './board-model.js';

export interface ViewState {
  model: BoardModel;
  layout: Layout;
  theme: ThemeName;
  coords: boolean;
  lastMove: { from: string; to: string } | null;
  selected: string | null;
  /** The destination under the pointer or the keyboard focus: its captures are drawn. */
  preview: string | null;
  focus: string;
  interactive: boolean;
}

/** The legal moves of the selected piece by destination. */
export function destinationsOf(s: Pick<ViewState, 'model' | 'selected'>): Map<string, LegalMove> {
  const out = new Map<string, LegalMove>();
  if (!s.selected) return out;
  for (const m of s.model.moves.get(s.selected) ?? []) out.set(m.to, m);
  return out;
}

/** "d2-e2", "d2-e2xe3", "d2e2": the two squares a move joins, for the last-move tint. */
export function moveSquares(text: string | null | undefined): { from: string; to: string } | null {
  const m = text ? /^([a-y]\d{1,2})[-x]?([a-y]\d{1,2})/.exec(text.trim()) : null;
  return m ? { from: m[1], to: m[2] } : null;
}

/** The service's picture of the position; its width and height are set by CSS. */
function picture(s: ViewState): TemplateResult {
  const drawn = positionSvg(
    { variant: s.model.variant, position: s.model.position },
    { theme: s.theme, coords: s.coords, flip: s.layout.flipped, lastMove: s.lastMove },
  );
  // The picture is made by the rules package from a checked position: no text from the page goes in it.
  return html`<div class="picture">${drawn.ok ? unsafeHTML(drawn.value) : nothing}</div>`;
}

function marks(s: ViewState, destinations: Map<string, LegalMove>): TemplateResult {
  const c = THEME_COLOURS[s.theme];
  const at = (name: string) => {
    const { col, row } = screenOf(s.layout, cellOf(name)!);
    return { x: s.layout.left + col * CELL, y: s.layout.top + row * CELL };
  };
  const parts: TemplateResult[] = [];
  if (s.selected) {
    const p = at(s.selected);
    parts.push(
      svg`<rect data-mark="selected" x=${p.x + 2.5} y=${p.y + 2.5} width=${CELL - 5} height=${CELL - 5} fill="none" stroke=${c.highlight} stroke-width="5"/>`,
    );
  }
  for (const [to, move] of destinations) {
    const p = at(to);
    // A destination that captures gets a ring in the capture colour around its dot.
    parts.push(
      svg`<circle data-mark="destination" cx=${p.x + CELL / 2} cy=${p.y + CELL / 2} r="6" fill=${c.highlight} stroke=${move.captures.length ? c.capture : 'none'} stroke-width="3"/>`,
    );
  }
  const previewed = s.preview ? destinations.get(s.preview) : undefined;
  for (const sq of previewed?.captures ?? []) {
    const p = at(sq);
    const a = 10;
    const b = CELL - 10;
    parts.push(
      svg`<path data-mark="capture" data-square=${sq} d=${`M${p.x + a} ${p.y + a}L${p.x + b} ${p.y + b}M${p.x + b} ${p.y + a}L${p.x + a} ${p.y + b}`} fill="none" stroke=${c.capture} stroke-width="5" stroke-linecap="round"/>`,
    );
  }
  const e = s.layout.extent;
  return html`<svg class="marks" viewBox=${`0 0 ${e} ${e}`} aria-hidden="true">${parts}</svg>`;
}

function grid(s: ViewState, destinations: Map<string, LegalMove>): TemplateResult {
  const label = `${s.model.variant} board, ${s.model.size}×${s.model.size}, ${s.model.sideToMove} to move`;
  return html`<div class="grid" role="grid" aria-label=${label} aria-readonly=${s.interactive ? 'false' : 'true'}>
    ${screenRows(s.layout).map(
      (row) =>
        html`<div role="row" class="row">
          ${row.map((cell) => {
            const name = squareName(cell);
            const dest = destinations.get(name);
            const selected = name === s.selected;
            return html`<div
              role="gridcell"
              class="cell"
              data-square=${name}
              data-dest=${dest ? (dest.captures.length ? 'capture' : 'move') : nothing}
              data-piece=${s.model.pieces.get(name) ?? nothing}
              aria-selected=${selected ? 'true' : 'false'}
              aria-label=${squareLabel(s.model, name, { selected, destination: dest })}
              tabindex=${name === s.focus ? '0' : '-1'}
            ></div>`;
          })}
        </div>`,
    )}
  </div>`;
}

export function boardView(s: ViewState): TemplateResult {
  const destinations = destinationsOf(s);
  return html`<div class="board" part="board">${picture(s)}${marks(s, destinations)}${grid(s, destinations)}</div>`;
}

/**
 * Lays the grid over the picture's squares. Through the CSSOM, not a style attribute: the service's pages
 * run under a CSP without 'unsafe-inline' for styles, which refuses style attributes but not this.
 */
export function placeGrid(grid: HTMLElement, layout: Layout): void {
  const area = boardArea(layout);
  grid.style.setProperty('left', `${area.left}%`);
  grid.style.setProperty('top', `${area.top}%`);
  grid.style.setProperty('width', `${area.width}%`);
  grid.style.setProperty('height', `${area.width}%`);
  grid.style.setProperty('--n', String(layout.size));
}
