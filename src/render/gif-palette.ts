/**
 * The GIF palette of a theme, fixed in advance: the theme's colours plus blends of every pair of them.
 * The pictures use solid colours only (themes.ts), so a pixel is a theme colour or, on an anti-aliased
 * edge, a mix of two; blends at thirds cover those edges well enough that no frame needs quantising,
 * every frame shares one global palette, and the same board always maps to the same indices.
 */
import type { Palette } from 'gifenc';
import { ThemeName, themeRgb } from './themes.js';

/** A GIF colour table holds 256 entries; one is kept back as the "unchanged" (transparent) index. */
const TABLE = 256;
const MAX_BLEND_STEPS = 2;

export interface GifPalette {
  /** The colour table written to the file: `colours` plus one entry at `transparentIndex`. */
  palette: Palette;
  /** What pixels are mapped onto; it lacks the last entry, so no pixel ever takes that index. */
  colours: Palette;
  /** The entry that means "same as the previous frame". */
  transparentIndex: number;
}

/** `threats`: the picture draws the threat marks too, whose colours join the palette (fewer blends fit). */
export function gifPalette(theme: ThemeName, threats = false): GifPalette {
  const base = themeRgb(theme, threats);
  const pairs = (base.length * (base.length - 1)) / 2;
  const steps = Math.min(MAX_BLEND_STEPS, Math.floor((TABLE - 1 - base.length) / Math.max(1, pairs)));
  const palette: Palette = base.map((c) => [...c]);
  for (let s = 1; s <= steps; s++) {
    const t = s / (steps + 1);
    for (let i = 0; i < base.length; i++)
      for (let j = i + 1; j < base.length; j++) palette.push(base[i].map((x, k) => Math.round(x + (base[j][k] - x) * t)));
  }
  return { palette: [...palette, [...palette[0]]], colours: palette, transparentIndex: palette.length };
}
