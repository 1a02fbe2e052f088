/**
 * A ruleset compiled into the lookup tables the hot path reads: per-cell move permissions per piece,
 * per-cell hostility per victim class, escape squares, Zobrist keys. Where the special squares are is
 * computed here once; the registry's descriptions read it from the result.
 */
import {
  CornerRules,
  EscapeRule,
  FortRules,
  Hostility,
  HostilityTable,
  KingCapture,
  NoLegalMoveRule,
  RepetitionResult,
  RulesetDefinition,
} from './definition.js';
import { Geometry, cellOf, cellOfName, isEdge, makeGeometry, squareName } from './geometry.js';
import { pieceTables, squareAllows } from './compiled-pieces.js';
import { EMPTY, KING, OFF, PIECE_CODES, VICTIM_ATTACKER, VICTIM_DEFENDER, VICTIM_KING } from './pieces.js';
import { parseBoardField } from './tfen.js';
import { seededRandom } from './random.js';

/** Bits of the per-piece permission tables. */
/** Zobrist slices: one per piece code up to DEFENDER_GUARD (the berserker's in OFF's). */
const ZOBRIST_SLICES = 13;

export const MAY_STOP = 1;
export const MAY_PASS = 2;
/** May end a jump here (OTN-12): `whoMayLand`, else as MAY_STOP. */
export const MAY_LAND = 4;

/** Kinds of special square. */
export const SQ_PLAIN = 0;
export const SQ_THRONE = 1;
export const SQ_CORNER = 2;
export const SQ_ATTACKER_FORT = 3;
export const SQ_DEFENDER_FORT = 4;

/** Where a move starts, for its permissions (OTN-11): elsewhere, on an attacker fort, on a defender fort. */
export const FROM_ELSEWHERE = 0;
export const FROM_ATTACKER_FORT = 1;
export const FROM_DEFENDER_FORT = 2;

export const KC_CUSTODIAL = 0;
export const KC_STRONG4 = 1;
export const KC_GRADED = 2;
export const KC_THRONE4 = 3;
export const KC_CASTLE4 = 4;
export const KC_COMMANDERS2 = 5;

export const ESCAPE_CORNERS = 0;
export const ESCAPE_EDGE = 1;
export const ESCAPE_CORNERS_THEN_EDGE = 2;

export const NLM_LOSES = 0;
export const NLM_PASS = 1;
export const NLM_DRAW = 2;

export interface CompiledVariant {
  /** The variant's id, for messages and records; everything else about it is registry metadata. */
  id: string;
  rules: RulesetDefinition;
  geo: Geometry;
  /** Square name of every on-board cell ('' on the border), for the friendly layer. */
  names: string[];
  /** Cells renumbered file-major (file * stride + rank), the order the friendly layer lists squares in. */
  fileMajor: Int16Array;
  cellOfFileMajor: Int16Array;
  /** Starting board in padded layout (OFF on the border). */
  startBoard: Uint8Array;
  startSide: number;
  /** The throne's cell (the centre, rules.md section 1), or -1 without a throne. */
  throne: number;
  /** Per corner, the cells of its block: the corner point first, then its citadel squares. */
  cornerBlocks: Int16Array[];
  /** special[cell]: SQ_PLAIN, SQ_THRONE, SQ_CORNER (corner points and citadel squares) or a fort kind. */
  special: Uint8Array;
  /** permissions[piece][cell]: MAY_STOP | MAY_PASS for empty cells, for a piece not standing on a fort. */
  permissions: Uint8Array[];
  /** startKind[cell]: FROM_ELSEWHERE, or the fort kind a piece standing there moves from (OTN-11). */
  startKind: Uint8Array;
  /**
   * permissionsFrom[startKind][piece][cell]: the permissions of a move starting on that kind of square;
   * entry FROM_ELSEWHERE is `permissions` itself, and without forts every entry is.
   */
  permissionsFrom: Uint8Array[][];
  /** speedLimit[piece]: the farthest the piece moves in one move (the board's width where unlimited). */
  speedLimit: Uint8Array;
  /** Some piece has a speed limit. */
  speedLimited: boolean;
  /** jumpMode[piece]: JUMP_NONE, JUMP_PLAIN, JUMP_CAPTURE or JUMP_RESTRICTED (OTN-12). */
  jumpMode: Uint8Array;
  /** Some piece may jump. */
  jumps: boolean;
  /** BERSERK_NONE, BERSERK_CAPTURE or BERSERK_ANY_MOVE (OTN-13). */
  berserk: number;
  /** Speed limits, jumps or berserk: move generation takes its general loops only then. */
  extendedMoves: boolean;
  /** OpenTafl's extra pieces, jumps or berserk: captures take OpenTafl's procedure for them only then (OTN-12). */
  extendedCaptures: boolean;
  /** pieceAllowed[piece]: 1 when a position of the variant may hold the piece. */
  pieceAllowed: Uint8Array;
  /** hostileEmpty[victim][cell] / hostileOccupied[victim][cell]: 1 when the special square is hostile. */
  hostileEmpty: Uint8Array[];
  hostileOccupied: Uint8Array[];
  edge: Uint8Array;
  besideCorner: Uint8Array;
  /** 1 on the squares where the king standing wins outright (corner points, or edge squares). */
  escape: Uint8Array;
  /** Per corner, the cells that block it (AEC-8): the outside neighbours of its block. */
  cornerBlockers: Int16Array[];
  edgeCells: Int16Array;
  /** hammer[side][piece]: 1 when the piece, moving, captures for that side (an unarmed or anvil-only king does not). */
  hammer: Uint8Array[];
  /** anvil[side][piece]: 1 when the piece, standing, closes a capture for that side (an unarmed or hammer-only king does not). */
  anvil: Uint8Array[];
  /** The same two tables for shieldwall rows: `hammer`/`anvil` themselves, unless the king counts whatever his arms (OTN-9). */
  swHammer: Uint8Array[];
  swAnvil: Uint8Array[];
  kingCapture: number;
  immuneOnEdge: boolean;
  immuneBesideCorner: boolean;
  commanders: boolean;
  linnaean: boolean;
  shieldwall: boolean;
  /** A corner square hostile to the row's side closes one end of a shieldwall (OpenTafl sw:s). */
  shieldwallCorners: boolean;
  /** The moved piece must close one end (CORE-7 c); otherwise any completed formation is captured. */
  shieldwallMoverCloses: boolean;
  exitFortMinWall: number;
  encirclement: boolean;
  escapeMode: number;
  repetitionCount: number;
  /** The mover's result on the Nth occurrence: 0 a draw, -1 a loss, 1 a win. */
  repetitionForMover: number;
  noLegalMove: number;
  zobristHi: Uint32Array;
  zobristLo: Uint32Array;
  sideHi: number;
  sideLo: number;
}

function hostileWhenEmpty(h: Hostility): number {
  return h === 'empty' || h === 'always' ? 1 : 0;
}

function hostileWhenOccupied(h: Hostility): number {
  return h === 'always' || h === 'occupied' ? 1 : 0;
}

function markHostility(empty: Uint8Array[], occupied: Uint8Array[], cell: number, table: HostilityTable): void {
  const byVictim: Hostility[] = [];
  byVictim[VICTIM_ATTACKER] = table.attackers;
  byVictim[VICTIM_DEFENDER] = table.defenders;
  byVictim[VICTIM_KING] = table.king;
  for (let v = 0; v < 3; v++) {
    empty[v][cell] = hostileWhenEmpty(byVictim[v]);
    occupied[v][cell] = hostileWhenOccupied(byVictim[v]);
  }
}

/** The throne's cell: the centre square (rules.md section 1). */
export function throneCell(g: Geometry): number {
  const mid = (g.size - 1) / 2;
  return cellOf(g, mid, mid);
}

/**
 * The cells of each corner's block (the point itself first, then the rest of its 2×2 citadel). The one
 * place that knows where citadel squares are: compiling and validating both use it, and the registry
 * reads the compiled result. Expects corner points that are corners of the board.
 */
export function cornerBlocks(g: Geometry, corners: Pick<CornerRules, 'squares' | 'blockSize'>): number[][] {
  return corners.squares.map((name) => {
    const cell = cellOfName(g, name);
    const f = (cell % g.stride) - 1;
    const r = Math.floor(cell / g.stride) - 1;
    const df = f === 0 ? 1 : -1;
    const dr = r === 0 ? 1 : -1;
    const block: number[] = [];
    for (let i = 0; i < corners.blockSize; i++) for (let j = 0; j < corners.blockSize; j++) block.push(cellOf(g, f + df * i, r + dr * j));
    return block;
  });
}

/** The MAY_* bits of a piece on a special square. */
function access(square: Parameters<typeof squareAllows>[0], p: number): number {
  return (
    (squareAllows(square, 'stop', p) ? MAY_STOP : 0) |
    (squareAllows(square, 'pass', p) ? MAY_PASS : 0) |
    (squareAllows(square, 'land', p) ? MAY_LAND : 0)
  );
}

/** Compiles rules that have already been validated (see src/variants/validate-definition.ts). */
export function compileVariant(id: string, rules: RulesetDefinition): CompiledVariant {
  const geo = makeGeometry(rules.size);
  const { cells, squares } = geo;
  const layout = parseBoardField(rules.layout, rules.size);
  if (!layout.ok) throw new Error(`variant ${id}: bad layout: ${layout.error.map((e) => e.message).join('; ')}`);

  const startBoard = new Uint8Array(cells).fill(OFF);
  for (let r = 0; r < rules.size; r++)
    for (let f = 0; f < rules.size; f++) startBoard[cellOf(geo, f, r)] = layout.value.cells[r * rules.size + f];

  const special = new Uint8Array(cells);
  const edge = new Uint8Array(cells);
  const besideCorner = new Uint8Array(cells);
  const escape = new Uint8Array(cells);
  const permissions: Uint8Array[] = [];
  for (const p of [EMPTY, ...PIECE_CODES]) permissions[p] = new Uint8Array(cells);
  const hostileEmpty = [0, 1, 2].map(() => new Uint8Array(cells));
  const hostileOccupied = [0, 1, 2].map(() => new Uint8Array(cells));
  const edgeList: number[] = [];

  for (const c of squares) {
    for (const p of PIECE_CODES) permissions[p][c] = MAY_STOP | MAY_PASS | MAY_LAND;
    if (isEdge(geo, c)) {
      edge[c] = 1;
      edgeList.push(c);
    }
  }

  let throne = -1;
  if (rules.throne) {
    const t = rules.throne;
    throne = throneCell(geo);
    special[throne] = SQ_THRONE;
    for (const p of PIECE_CODES) {
      let stop = squareAllows(t, 'stop', p);
      let land = squareAllows(t, 'land', p);
      if (p === KING && !t.kingMayReturn) stop = land = false; // he starts on it, so he can only ever be re-entering
      permissions[p][throne] = (stop ? MAY_STOP : 0) | (squareAllows(t, 'pass', p) ? MAY_PASS : 0) | (land ? MAY_LAND : 0);
    }
    markHostility(hostileEmpty, hostileOccupied, throne, t.hostileTo);
  }

  const cornerBlockers: Int16Array[] = [];
  const blocks = rules.corners ? cornerBlocks(geo, rules.corners) : [];
  if (rules.corners) {
    const corners = rules.corners;
    blocks.forEach((block) => {
      for (const c of block) {
        special[c] = SQ_CORNER;
        for (const p of PIECE_CODES) {
          permissions[p][c] = access(corners, p);
        }
        markHostility(hostileEmpty, hostileOccupied, c, corners.hostileTo);
      }
      if (rules.escape !== 'edge') for (const c of corners.goal === 'block' ? block : block.slice(0, 1)) escape[c] = 1;
      const blockers = new Set<number>();
      for (const c of block)
        for (const d of geo.dirs) {
          const n = c + d;
          if (startBoard[n] !== OFF && !block.includes(n)) blockers.add(n);
        }
      cornerBlockers.push(Int16Array.from([...blockers].sort((a, b) => a - b)));
      for (const c of block)
        for (const d of geo.dirs) if (startBoard[c + d] !== OFF && special[c + d] !== SQ_CORNER) besideCorner[c + d] = 1;
    });
  }
  if (rules.escape === 'edge') for (const c of edgeList) escape[c] = 1;

  const startKind = new Uint8Array(cells);
  const permissionsFrom = [permissions, permissions, permissions];
  const forts: [FortRules, number, number][] = [];
  if (rules.forts?.attackers) forts.push([rules.forts.attackers, SQ_ATTACKER_FORT, FROM_ATTACKER_FORT]);
  if (rules.forts?.defenders) forts.push([rules.forts.defenders, SQ_DEFENDER_FORT, FROM_DEFENDER_FORT]);
  const pieces = PIECE_CODES;
  // Entering a fort from another kind of square needs `whoMayEnter` too (OpenTafl's `…re` sets).
  for (const [fort, kind, from] of forts) {
    for (const name of fort.squares) {
      const c = cellOfName(geo, name);
      special[c] = kind;
      startKind[c] = from;
      for (const p of pieces) {
        permissions[p][c] = squareAllows(fort, 'enter', p) ? access(fort, p) : 0;
      }
      markHostility(hostileEmpty, hostileOccupied, c, fort.hostileTo);
    }
  }
  // A piece standing on a fort moves across and onto the forts of its kind without entering them.
  for (const [fort, , from] of forts) {
    const inside = permissions.map((t) => t.slice());
    for (const name of fort.squares) {
      const c = cellOfName(geo, name);
      for (const p of pieces) inside[p][c] = access(fort, p);
    }
    permissionsFrom[from] = inside;
  }

  const tables = pieceTables(rules, startBoard);
  const limits = rules.speedLimits;

  const rnd = seededRandom(0x7af1 ^ 0x9e3779b9);
  // One slice per piece code, and the berserker's keys in the slice of OFF (OTN-13). Drawn in order,
  // so the slices of the first codes keep their keys when codes are added.
  const zobristHi = new Uint32Array(ZOBRIST_SLICES * cells);
  const zobristLo = new Uint32Array(ZOBRIST_SLICES * cells);
  for (let i = 0; i < zobristHi.length; i++) {
    zobristHi[i] = rnd();
    zobristLo[i] = rnd();
  }

  const kingCaptureCodes: Record<KingCapture, number> = {
    'custodial-2': KC_CUSTODIAL,
    'strong-4': KC_STRONG4,
    graded: KC_GRADED,
    'throne-4': KC_THRONE4,
    'castle-4': KC_CASTLE4,
    'commanders-2': KC_COMMANDERS2,
  };
  const escapeCodes: Record<EscapeRule, number> = {
    corners: ESCAPE_CORNERS,
    edge: ESCAPE_EDGE,
    'corners-then-edge-when-blocked': ESCAPE_CORNERS_THEN_EDGE,
  };
  const nlmCodes: Record<NoLegalMoveRule, number> = { loses: NLM_LOSES, pass: NLM_PASS, draw: NLM_DRAW };
  const repetitionCodes: Record<RepetitionResult, number> = { draw: 0, 'mover-loses': -1, 'mover-wins': 1 };

  const names: string[] = new Array(cells).fill('');
  for (const c of squares) names[c] = squareName(geo, c);
  const fileMajor = new Int16Array(cells);
  const cellOfFileMajor = new Int16Array(1024);
  for (const c of squares) {
    fileMajor[c] = (c % geo.stride) * geo.stride + Math.floor(c / geo.stride);
    cellOfFileMajor[fileMajor[c]] = c;
  }

  return {
    id,
    rules,
    geo,
    names,
    fileMajor,
    cellOfFileMajor,
    startBoard,
    startSide: rules.first === 'attackers' ? 0 : 1,
    throne,
    cornerBlocks: blocks.map((b) => Int16Array.from(b)),
    special,
    permissions,
    startKind,
    permissionsFrom,
    speedLimit: tables.speedLimit,
    speedLimited: limits !== undefined,
    jumpMode: tables.jumpMode,
    jumps: tables.jumpMode.some((m) => m !== 0),
    berserk: tables.berserk,
    extendedMoves: limits !== undefined || tables.jumpMode.some((m) => m !== 0) || tables.berserk !== 0,
    extendedCaptures:
      tables.extraPieces || tables.jumpMode.some((m) => m !== 0) || tables.berserk !== 0 || rules.king.capture === 'commanders-2',
    pieceAllowed: tables.pieceAllowed,
    hostileEmpty,
    hostileOccupied,
    edge,
    besideCorner,
    escape,
    cornerBlockers,
    edgeCells: Int16Array.from(edgeList),
    hammer: tables.hammer,
    anvil: tables.anvil,
    swHammer: tables.swHammer,
    swAnvil: tables.swAnvil,
    kingCapture: kingCaptureCodes[rules.king.capture],
    immuneOnEdge: rules.king.immuneOnEdge,
    immuneBesideCorner: rules.king.immuneBesideCorner,
    commanders: rules.commanders,
    linnaean: rules.linnaeanCapture,
    shieldwall: rules.shieldwall !== null,
    shieldwallCorners: rules.shieldwall?.cornersMayClose ?? false,
    shieldwallMoverCloses: rules.shieldwall?.moverMustClose ?? true,
    exitFortMinWall: rules.exitFort ? rules.exitFort.minWall : 0,
    encirclement: rules.encirclement,
    escapeMode: escapeCodes[rules.escape],
    repetitionCount: rules.repetition ? rules.repetition.occurrences : 0,
    repetitionForMover: repetitionCodes[rules.repetition?.result ?? 'draw'],
    noLegalMove: nlmCodes[rules.noLegalMove],
    zobristHi,
    zobristLo,
    sideHi: rnd(),
    sideLo: rnd(),
  };
}
