/**
 * The legal-moves answer written straight to JSON bytes from the engine's move list: the same bytes as
 * JSON.stringify of the LegalMovesView (REST), or of the fields a GraphQL selection asks for in its
 * order, UTF-8 encoded, without building a hundred move objects to throw away. A move without captures is the same bytes every time, so they are made once per
 * variant and copied. Bytes rather than text: a text built by concatenation is a rope of a few hundred
 * pieces, and flattening and encoding it to send cost more than writing it (measured in the service on
 * distinct positions: 28 µs a request in Buffer.from alone).
 */
import { CompiledVariant, GameState } from '../../engine';
import { ImageLinksView } from '../../http/views/image-links.view';

/** The fields of a move, in the order an answer lists them. */
export type MoveField = 'from' | 'to' | 'notation' | 'captures';
/** The fields of the answer, in order; `moves` with the fields of each move. */
export type AnswerField = 'position' | 'sideToMove' | 'count' | 'image' | { moves: readonly MoveField[] };

/** REST's answer: the LegalMovesView as JSON.stringify writes it (image only where there is one). */
export const REST_FIELDS: readonly AnswerField[] = [
  'position',
  'sideToMove',
  { moves: ['from', 'to', 'notation', 'captures'] },
  'count',
  'image',
];

/** Per variant, per list of move fields: the bytes of each plain move, by from × cells + to. */
const plainMoves = new WeakMap<CompiledVariant, Map<string, (Uint8Array | undefined)[]>>();

function plainMoveBytes(v: CompiledVariant, fields: readonly MoveField[]): (Uint8Array | undefined)[] {
  let byFields = plainMoves.get(v);
  if (!byFields) plainMoves.set(v, (byFields = new Map()));
  const key = fields.join();
  let bytes = byFields.get(key);
  // Made whole at once: an array filled at scattered indices is a dictionary, and its lookups showed
  // as 7 µs of a request.
  if (!bytes) byFields.set(key, (bytes = new Array<Uint8Array | undefined>(v.names.length * v.names.length).fill(undefined)));
  return bytes;
}

/** One move as JSON; `captures` holds the captured squares' names in notation order. */
function moveText(fields: readonly MoveField[], from: string | null, to: string | null, captures: string[]): string {
  let text = '{';
  for (let i = 0; i < fields.length; i++) {
    const f = fields[i];
    if (i > 0) text += ',';
    if (f === 'from') text += from === null ? '"from":null' : `"from":"${from}"`;
    else if (f === 'to') text += to === null ? '"to":null' : `"to":"${to}"`;
    else if (f === 'notation')
      text += from === null ? '"notation":"pass"' : `"notation":"${from}-${to}${captures.length ? 'x' + captures.join('/') : ''}"`;
    else text += captures.length ? `"captures":["${captures.join('","')}"]` : '"captures":[]';
  }
  return text + '}';
}

const COMMA = 0x2c;
/** The longest move text: square names are at most three characters; captures at most a few dozen. */
const MOVE_ROOM = 1024;
/**
 * Answers are written straight into a slab, each answer a view of its own part of it: an ArrayBuffer
 * per answer, and copying the answer into it, cost ~8 µs of a distinct legal-moves miss in the
 * service's profile. A slab is freed once no answer in it is still being sent; the answer cache keeps
 * copies, never views (answer-cache.ts). Small enough to come from the allocator's warm memory
 * rather than fresh pages; an answer longer than a slab gets a slab of its own size.
 */
const SLAB_BYTES = 1 << 16;

let slab = Buffer.allocUnsafeSlow(SLAB_BYTES);
/** Where the answer being written begins in the slab (the engine is single-threaded: one at a time). */
let start = 0;

/** Makes room for `n` more bytes at `at`; answers where writing goes on (the answer moved to a new slab). */
function room(at: number, n: number): number {
  if (at + n <= slab.length) return at;
  const used = at - start;
  const next = Buffer.allocUnsafeSlow(Math.max(SLAB_BYTES, 2 * (used + n)));
  slab.copy(next, 0, start, at);
  slab = next;
  start = 0;
  return used;
}

function writeText(at: number, text: string): number {
  at = room(at, 3 * text.length);
  return at + slab.write(text, at, 'utf8');
}

function writeByte(at: number, byte: number): number {
  at = room(at, 1);
  slab[at] = byte;
  return at + 1;
}

/** The legal moves, comma-separated, from `at`; answers where they end and how many there are. */
function writeMoves(state: GameState, from: number | undefined, fields: readonly MoveField[], at: number): { at: number; count: number } {
  const v = state.v;
  const names = v.names;
  const plain = plainMoveBytes(v, fields);
  const cells = v.names.length;
  let first = true;
  // Square names are letters and digits: nothing in them needs escaping.
  const count = state.eachLegalMove(from, (f, t, caps, n) => {
    at = room(at, MOVE_ROOM);
    if (first) first = false;
    else slab[at++] = COMMA;
    if (f < 0) at = writeText(at, moveText(fields, null, null, []));
    else if (n === 0) {
      let bytes = plain[f * cells + t];
      if (bytes === undefined) bytes = plain[f * cells + t] = Buffer.from(moveText(fields, names[f], names[t], []), 'latin1');
      slab.set(bytes, at);
      at += bytes.length;
    } else {
      const captured: string[] = [];
      for (let i = 0; i < n; i++) captured.push(names[caps[i]]);
      at = writeText(at, moveText(fields, names[f], names[t], captured));
    }
  });
  return { at, count };
}

/**
 * `position`: the state's TFEN, which the caller has already printed for the picture links. `fields`:
 * which fields, in which order (GraphQL answers list the fields selected, in the selection's order);
 * `prefix` and `suffix` are written around the object (a GraphQL answer's envelope).
 */
export function legalMovesJson(
  state: GameState,
  from: number | undefined,
  position: string,
  image?: ImageLinksView,
  fields: readonly AnswerField[] = REST_FIELDS,
  prefix = '',
  suffix = '',
): Buffer {
  let at = writeText(start, `${prefix}{`);
  let firstField = true;
  let count = -1;
  for (const field of fields) {
    if (field === 'image' && !image) continue;
    if (firstField) firstField = false;
    else at = writeByte(at, COMMA);
    if (field === 'position') at = writeText(at, `"position":${JSON.stringify(position)}`);
    else if (field === 'sideToMove') at = writeText(at, `"sideToMove":"${state.sideToMove()}"`);
    else if (field === 'image') at = writeText(at, `"image":${JSON.stringify(image)}`);
    else if (field === 'count') at = writeText(at, `"count":${count >= 0 ? count : state.eachLegalMove(from, () => undefined)}`);
    else {
      at = writeText(at, '"moves":[');
      ({ at, count } = writeMoves(state, from, field.moves, at));
      at = writeByte(at, 0x5d); // ]
    }
  }
  at = writeText(at, `}${suffix}`);
  const out = slab.subarray(start, at);
  // The next answer starts on an 8-byte boundary.
  start = Math.min(slab.length, (at + 7) & ~7);
  return out;
}
