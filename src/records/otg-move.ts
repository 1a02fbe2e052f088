/**
 * Reading one OTN move record: optional piece letter (`K`), `from-to`, captures `xe2` or `xf3/h3` (a
 * bare `x` or `xx` when the squares were not written), optional status `+ - ++ --`.
 */
import { Result, err, ok } from '../engine/result.js';
import { OtgInfo, OtgMove, OtgMoveType } from './otg-model.js';

/** OpenTafl's piece letters (OTN_PIECE_SYMBOLS). */
const SYMBOL = '[tcnkmgTCNKMG]';
const SQUARE = '[a-z][1-9][0-9]?';

const MOVE_RE = new RegExp(`^(${SYMBOL})?(${SQUARE})(\\^=|\\^|=|-)(${SQUARE})(?:x(.*?))?(\\+\\+|--|\\+|-)?$`);
const CAPTURE_RE = new RegExp(`^(${SYMBOL})?(${SQUARE})$`);

function squareOnBoard(square: string, dim: number | null): boolean {
  if (dim === null) return true;
  const file = square.charCodeAt(0) - 97;
  const rank = Number(square.slice(1));
  return file < dim && rank >= 1 && rank <= dim;
}

/** Parses one OTN move record (`Ke5-f5`, `g2-g3xf3/h3`, `d9-d10x`); `---` is not a move (see parseOtg). */
export function parseOtgMove(text: string, dim: number | null = null): Result<OtgMove, string> {
  const m = MOVE_RE.exec(text);
  if (!m) return err(`"${text}" is not a move record (expected e.g. "d1-d3", "Ke5-f5" or "g2-g3xf3/h3")`);
  const [, piece, from, moveType, to, captureText, info] = m;
  let captures: string[] | null = null;
  const capturePieces: (string | null)[] = [];
  let bareCaptures = 0;
  if (captureText !== undefined) {
    if (/^x*$/.test(captureText)) bareCaptures = captureText.length + 1;
    else {
      captures = [];
      for (const part of captureText.split('/')) {
        const c = CAPTURE_RE.exec(part);
        if (!c) return err(`"${part}" in "${text}" is not a captured square`);
        capturePieces.push(c[1] ?? null);
        captures.push(c[2]);
      }
    }
  }
  const off = [from, to, ...(captures ?? [])].find((s) => !squareOnBoard(s, dim));
  if (off) return err(`${off} in "${text}" is not a square of a ${dim}×${dim} board`);
  if (from === to) return err(`"${text}" moves a piece to its own square`);
  return ok({
    text,
    piece: piece ?? null,
    from,
    to,
    moveType: moveType as OtgMoveType,
    captures,
    capturePieces,
    bareCaptures,
    info: (info as OtgInfo | undefined) ?? null,
  });
}
