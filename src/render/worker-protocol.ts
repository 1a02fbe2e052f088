/** The messages between RenderPool and its workers: one job in, one answer out, matched by id. */
import type { ThemeName } from './themes.js';

export type WorkerJob =
  | { id: number; kind: 'png'; svg: string; size: number }
  | { id: number; kind: 'gif'; frames: readonly string[]; size: number; delayMs: number; theme: ThemeName; threats: boolean };

export type WorkerAnswer = { id: number; ok: true; bytes: Uint8Array } | { id: number; ok: false; message: string };
