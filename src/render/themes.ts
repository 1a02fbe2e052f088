/**
 * The named colour themes of every picture. Each theme is a short list of solid colours and nothing
 * else: no opacity anywhere, so every pixel of a rasterised board is one of these colours or an
 * anti-aliased blend of two of them, which is what lets the GIF use a small palette fixed in advance
 * (see gif-palette.ts) instead of quantising each frame.
 */

export const THEMES = ['wood', 'slate'] as const;
export type ThemeName = (typeof THEMES)[number];

/**
 * Wood: its dark brown frame stands apart from both Discord backgrounds (#313338 dark, #ffffff light),
 * and the light board inside keeps dark and light pieces equally readable.
 */
export const DEFAULT_THEME: ThemeName = 'wood';

export interface ThemeColours {
  /** Around the board, where the coordinates stand. */
  frame: string;
  coords: string;
  board: string;
  grid: string;
  /** Outlines of pieces and the king's cross. */
  ink: string;
  attacker: string;
  defender: string;
  king: string;
  commander: string;
  throne: string;
  corner: string;
  citadel: string;
  lastMove: string;
  capture: string;
  highlight: string;
}

export const THEME_COLOURS: Record<ThemeName, ThemeColours> = {
  wood: {
    frame: '#5c3b1e',
    coords: '#f4e4c6',
    board: '#e6c896',
    grid: '#8f6a3e',
    ink: '#1b1611',
    attacker: '#2e2924',
    defender: '#fbf7ee',
    king: '#e8b530',
    commander: '#86b4e0',
    throne: '#b88649',
    corner: '#9c6a36',
    citadel: '#cda46c',
    lastMove: '#c3d85a',
    capture: '#d8322a',
    highlight: '#2a6fd6',
  },
  slate: {
    frame: '#2a3340',
    coords: '#dde5ee',
    board: '#c6d1dc',
    grid: '#7d8c9d',
    ink: '#0f1216',
    attacker: '#1d2229',
    defender: '#fdfdfd',
    king: '#f2c230',
    commander: '#e8875a',
    throne: '#97a9bc',
    corner: '#6f8399',
    citadel: '#aebccb',
    lastMove: '#8fcf7a',
    capture: '#e0392e',
    highlight: '#7a4fe0',
  },
};

/** The marks of `threats=1` (docs/threats.md): one colour each, apart from every colour above. */
export interface ThreatColours {
  /** The king's way to an escape square: the line, a dot on each square passed, a target on the escape square. */
  kingRoute: string;
  /** A frame around a king the side to move captures now. */
  kingCapturable: string;
  /** Corner marks on a piece the side to move can capture now. */
  hanging: string;
}

/**
 * Kept apart from THEME_COLOURS because every colour of a picture costs the GIF palette blends
 * (gif-palette.ts): animations without threats keep the palette they always had.
 */
export const THREAT_COLOURS: Record<ThemeName, ThreatColours> = {
  wood: { kingRoute: '#12a38a', kingCapturable: '#c2157a', hanging: '#f26b0f' },
  slate: { kingRoute: '#0097a7', kingCapturable: '#c51162', hanging: '#ff6d00' },
};

/**
 * The distinct colours of a theme as [r, g, b], in a fixed order (the order of ThemeColours, then of
 * ThreatColours when `threats`).
 */
export function themeRgb(theme: ThemeName, threats = false): [number, number, number][] {
  const seen = new Set<string>();
  const out: [number, number, number][] = [];
  const colours = [...Object.values(THEME_COLOURS[theme]), ...(threats ? Object.values(THREAT_COLOURS[theme]) : [])];
  for (const hex of colours) {
    const key = hex.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(hexToRgb(key));
  }
  return out;
}

export function hexToRgb(hex: string): [number, number, number] {
  const n = parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}
