/**
 * OTN piece sets (`cenp:tcnkTCNK`, `corh:`) and the definition's `Who` and hostility values, both ways.
 * Commanders and knights count as their side's soldiers (t, T), so `Who` speaks of t, T and K; the
 * mercenaries and guards (m, M, g, G) have their own letters in `mercenariesAndGuards` (OTN-12).
 */
import type { Hostility, Who } from '../engine/values.js';

export interface Members {
  t: boolean;
  T: boolean;
  K: boolean;
  /** The mercenaries and guards in the set, as letters in the order m M g G. */
  hired?: string;
}

const HIRED = 'mMgG';

export function members(set: string): Members {
  return { t: set.includes('t'), T: set.includes('T'), K: set.includes('K'), hired: [...HIRED].filter((c) => set.includes(c)).join('') };
}

export function intersect(...sets: Members[]): Members {
  const hired = [...HIRED].filter((c) => sets.every((s) => (s.hired ?? '').includes(c))).join('');
  return { t: sets.every((s) => s.t), T: sets.every((s) => s.T), K: sets.every((s) => s.K), hired };
}

/** The Who value admitting exactly these pieces: each of the eight sets has one. */
export function whoOf(m: Members): Who {
  const key = `${m.t ? 't' : ''}${m.T ? 'T' : ''}${m.K ? 'K' : ''}`;
  const table: Record<string, Who> = {
    tTK: 'all',
    K: 'king',
    '': 'nobody',
    t: 'attackers',
    TK: 'defenders',
    tT: 'soldiers',
    T: 'defenderSoldiers',
    tK: 'attackersAndKing',
  };
  return table[key];
}

/** The members of a Who value, for the printer (commanders count as defender soldiers). */
export function membersOf(who: Who): Members {
  const table: Record<Who, Members> = {
    all: { t: true, T: true, K: true },
    king: { t: false, T: false, K: true },
    nobody: { t: false, T: false, K: false },
    attackers: { t: true, T: false, K: false },
    defenders: { t: false, T: true, K: true },
    soldiers: { t: true, T: true, K: false },
    defenderSoldiers: { t: false, T: true, K: false },
    attackersAndKing: { t: true, T: false, K: true },
  };
  return table[who];
}

/** Does every piece of `a` belong to `b`? */
export function subset(a: Members, b: Members): boolean {
  return (!a.t || b.t) && (!a.T || b.T) && (!a.K || b.K) && [...(a.hired ?? '')].every((c) => (b.hired ?? '').includes(c));
}

/**
 * A set written out in OpenTafl's letter order. Absent kinds of piece are written alongside their
 * side (an attacker set names c, n, k too), so a reader that has them treats them as their side.
 */
export function setText(m: Members): string {
  const hired = m.hired ?? '';
  const of = (letters: string) => [...letters].filter((c) => hired.includes(c)).join('');
  return `${m.t ? 'tcnk' : ''}${of('mg')}${m.T ? 'TCN' : ''}${m.K ? 'K' : ''}${of('MG')}`;
}

/** Hostility from membership of the occupied-state and empty-state sets. */
export function hostilityOf(occupied: boolean, empty: boolean): Hostility {
  if (occupied) return empty ? 'always' : 'occupied';
  return empty ? 'empty' : 'never';
}

export function hostileOccupied(h: Hostility): boolean {
  return h === 'always' || h === 'occupied';
}

export function hostileEmpty(h: Hostility): boolean {
  return h === 'always' || h === 'empty';
}
