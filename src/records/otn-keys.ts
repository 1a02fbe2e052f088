/**
 * The keys of an OpenTafl rules string (OTN, opentafl-notation-spec.txt section 3 and OpenTafl's
 * RulesSerializer), each with the default OpenTafl's loader applies when the key is left out and what
 * this service does with it. One list, read by the parser, the printer and docs/otn.md's test, so a key
 * is handled, written out and documented in one place.
 */

/**
 * `rule`: mapped to a parameter of the definition; `meta`: the variant's name; `refused`: a feature
 * the engine cannot play, accepted only at its "off" value; `inert`: a setting OpenTafl's engine reads
 * but never asks (`gj`: guards never jump), which therefore changes nothing.
 */
export const OTN_KEY_KINDS = ['rule', 'meta', 'refused', 'inert'] as const;
export type OtnKeyKind = (typeof OTN_KEY_KINDS)[number];

export interface OtnKey {
  key: string;
  kind: OtnKeyKind;
  /** OpenTafl's default (RulesSerializer.defaults), or null where the key is required. */
  default: string | null;
}

/** In the order the printer writes them: `dim` first, the start position last (api.md section 9). */
export const OTN_KEYS: readonly OtnKey[] = [
  { key: 'dim', kind: 'rule', default: null },
  { key: 'name', kind: 'meta', default: '' },
  { key: 'esc', kind: 'rule', default: 'c' },
  { key: 'surf', kind: 'rule', default: 'y' },
  { key: 'atkf', kind: 'rule', default: 'y' },
  { key: 'tfr', kind: 'rule', default: 'd' },
  { key: 'ka', kind: 'rule', default: 'y' },
  { key: 'ks', kind: 'rule', default: 's' },
  { key: 'kj', kind: 'rule', default: 'n' },
  { key: 'nj', kind: 'rule', default: 'c' },
  { key: 'cj', kind: 'rule', default: 'j' },
  { key: 'mj', kind: 'rule', default: 'n' },
  { key: 'gj', kind: 'inert', default: 'n' },
  { key: 'ber', kind: 'rule', default: 'n' },
  { key: 'spd', kind: 'rule', default: '-1' },
  { key: 'sw', kind: 'rule', default: 'n' },
  { key: 'swf', kind: 'rule', default: 'y' },
  { key: 'efe', kind: 'rule', default: 'n' },
  { key: 'linc', kind: 'rule', default: 'n' },
  { key: 'cor', kind: 'rule', default: 'default' },
  { key: 'corh', kind: 'rule', default: 'tcnkmTCNKM' },
  { key: 'corp', kind: 'rule', default: 'K' },
  { key: 'cors', kind: 'rule', default: 'K' },
  { key: 'corre', kind: 'rule', default: 'tcnkmTCNKM' },
  { key: 'cen', kind: 'rule', default: 'default' },
  { key: 'cenh', kind: 'rule', default: 'tcnkm' },
  { key: 'cenhe', kind: 'rule', default: 'tcnkmTCNKM' },
  { key: 'cenp', kind: 'rule', default: 'tcnkmTCNKM' },
  { key: 'cens', kind: 'rule', default: 'K' },
  { key: 'cenre', kind: 'rule', default: 'tcnkmTCNKM' },
  { key: 'afor', kind: 'rule', default: '' },
  { key: 'aforh', kind: 'rule', default: 'TCNKM' },
  { key: 'aforp', kind: 'rule', default: 'tcnkmTCNKM' },
  { key: 'afors', kind: 'rule', default: 'tcnkmTCNKM' },
  { key: 'aforre', kind: 'rule', default: 'tcnkmTCNKM' },
  { key: 'dfor', kind: 'rule', default: '' },
  { key: 'dforh', kind: 'rule', default: 'tcnkm' },
  { key: 'dforp', kind: 'rule', default: 'tcnkmTCNKM' },
  { key: 'dfors', kind: 'rule', default: 'TCNKM' },
  { key: 'dforre', kind: 'rule', default: 'tcnkmTCNKM' },
  { key: 'start', kind: 'rule', default: null },
  { key: 'starti', kind: 'rule', default: null },
];

export const OTN_KEY_NAMES: readonly string[] = OTN_KEYS.map((k) => k.key);

export function otnKey(key: string): OtnKey | undefined {
  return OTN_KEYS.find((k) => k.key === key);
}

/** Piece symbols of OTN positions and piece sets: attackers lower case, defenders upper case. */
export const OTN_PIECE_SYMBOLS = 'tcnkmgTCNKMG';

/** Why a piece symbol of a start position is refused: OpenTafl pieces this engine does not have. */
export const REFUSED_PIECES: Readonly<Record<string, string>> = {
  k: 'an attacking king is not a piece of this engine',
};
