/**
 * The special squares an OpenTafl rules string gets when it leaves their keys out (RulesSerializer's
 * defaults), as definitions: the variants defined by such strings share them (a fresh object each).
 */
import type { CornerRules, ThroneRules } from '../engine/definition.js';

/** `cen:` default (the centre); cens:K, cenp and cenre for all; cenh:tcnk (occupied: attackers), cenhe:tcnkTCNK (empty: all). */
export function openTaflDefaultThrone(): ThroneRules {
  return {
    whoMayStop: 'king',
    whoMayPass: 'all',
    kingMayReturn: true,
    hostileTo: { attackers: 'always', defenders: 'empty', king: 'empty' },
  };
}

/** `cor:` default (the four board corners) on a board of `size`; corp:K, cors:K, corh hostile to every piece. */
export function openTaflDefaultCorners(size: number): CornerRules {
  const last = String.fromCharCode('a'.charCodeAt(0) + size - 1);
  return {
    squares: ['a1', `a${size}`, `${last}1`, `${last}${size}`],
    blockSize: 1,
    goal: 'point',
    whoMayStop: 'king',
    whoMayPass: 'king',
    hostileTo: { attackers: 'always', defenders: 'always', king: 'always' },
  };
}
