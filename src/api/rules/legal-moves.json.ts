/**
 * The REST legal-moves answer written straight to JSON bytes from the engine's move list: the same
 * bytes as JSON.stringify of the LegalMovesView, UTF-8 encoded, without building a hundred move objects
 * to throw away. A move without captures is the same bytes every time, so they are made once per
 * variant and copied. Bytes rather than text: a text built by concatenation is a rope of a few hundred
 * pieces, and flattening and encoding it to send cost more than writing it (measured in the service on
 * distinct positions: 28 µs a request in Buffer.from alone).
 */
import { CompiledVariant, GameState } from '../../engine';
import { ImageLinksView } from '../../http/views/image-links.view';

const plainMoves = new WeakMap<CompiledVariant, (Uint8Array | undefined)[]>();

function plainMoveBytes(v: CompiledVariant): (Uint8Array | undefined)[] {
  let bytes = plainMoves.get(v);
  // Made whole at once: an array filled at scattered indices is a dictionary, and its lookups showed
  // as 7 µs of a request.
  if (!bytes) plainMoves.set(v, (bytes = new Array<Uint8Array | undefined>(v.names.length * v.names.length).fill(undefined)));
  return bytes;
}

const PASS_TEXT = '{"from":null,"to":null,"notation":"pass","captures":[]}';
const COMMA = 0x2c;
/** The longest move text: square names are at most three characters; captures at most a few dozen. */
const MOVE_ROOM = 1024;
/** Room for a 19×19 answer with a few hundred moves before the scratch grows. */
const SCRATCH_START = 1 << 15;
/** A scratch grown past this for one huge answer is let go afterwards. */
const SCRATCH_KEEP = 1 << 20;

/** One scratch for every answer: the engine is single-threaded and an answer is written in one go. */
let scratch = Buffer.allocUnsafe(SCRATCH_START);

function room(at: number, n: number): void {
  if (at + n <= scratch.length) return;
  const bigger = Buffer.allocUnsafe(Math.max(2 * scratch.length, at + n));
  scratch.copy(bigger, 0, 0, at);
  scratch = bigger;
}

function writeText(at: number, text: string): number {
  room(at, 3 * text.length);
  return at + scratch.write(text, at, 'utf8');
}

/** `position`: the state's TFEN, which the caller has already printed for the picture links. */
export function legalMovesJson(state: GameState, from: number | undefined, position: string, image?: ImageLinksView): Buffer {
  const v = state.v;
  const names = v.names;
  const plain = plainMoveBytes(v);
  const cells = v.names.length;
  let at = writeText(0, `{"position":${JSON.stringify(position)},"sideToMove":"${state.sideToMove()}","moves":[`);
  let first = true;
  // Square names are letters and digits: nothing in them needs escaping.
  const count = state.eachLegalMove(from, (f, t, caps, n) => {
    room(at, MOVE_ROOM);
    if (first) first = false;
    else scratch[at++] = COMMA;
    if (f < 0) at += scratch.write(PASS_TEXT, at, 'latin1');
    else if (n === 0) {
      let bytes = plain[f * cells + t];
      if (bytes === undefined) {
        const a = names[f];
        const b = names[t];
        bytes = plain[f * cells + t] = Buffer.from(`{"from":"${a}","to":"${b}","notation":"${a}-${b}","captures":[]}`, 'latin1');
      }
      scratch.set(bytes, at);
      at += bytes.length;
    } else {
      let list = `"${names[caps[0]]}"`;
      let marks = names[caps[0]];
      for (let i = 1; i < n; i++) {
        list += `,"${names[caps[i]]}"`;
        marks += `/${names[caps[i]]}`;
      }
      at = writeText(at, `{"from":"${names[f]}","to":"${names[t]}","notation":"${names[f]}-${names[t]}x${marks}","captures":[${list}]}`);
    }
  });
  const tail = image ? `,"image":${JSON.stringify(image)}` : '';
  at = writeText(at, `],"count":${count}${tail}}`);
  const out = Buffer.allocUnsafe(at);
  scratch.copy(out, 0, 0, at);
  if (scratch.length > SCRATCH_KEEP) scratch = Buffer.allocUnsafe(SCRATCH_START);
  return out;
}
