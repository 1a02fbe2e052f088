/**
 * The aagenielsen.dk records sent as rich moves (api.md section 2): each ply with the captures the
 * record wrote (`g3-e3xe2`, `f4-k4xk3/k2`; repeated squares kept, the king's capture never written)
 * must replay exactly as the plain `from-to` moves do (R-1: a captured king may be left out).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { validateGame } from '../../src/engine/operations';
import { AagenielsenPly, aagenielsenMoveText, parseAagenielsenCsv } from '../../src/records/aagenielsen-csv';
import { builtInVariant } from '../../src/variants';
import { RECORDS_DIR, hasSharedRecords } from '../helpers/shared-data';

const rich = (p: AagenielsenPly): string => (p.captures.length ? `${p.from}-${p.to}x${p.captures.join('/')}` : `${p.from}-${p.to}`);

const FILES = ['aagenielsen-copenhagen-11x11.csv', 'aagenielsen-brandubh-7x7.csv'];

describe.skipIf(!hasSharedRecords(...FILES)).each([
  ['aagenielsen-copenhagen-11x11.csv', 'copenhagen', 11, 1752],
  ['aagenielsen-brandubh-7x7.csv', 'brandubh', 7, 525],
])('R-1 %s as rich moves', (file, variant, size, games) => {
  it(`R-1 every ${variant} record replays from its written captures as from its plain moves`, () => {
    const v = builtInVariant(variant)!;
    const lines = parseAagenielsenCsv(readFileSync(join(RECORDS_DIR, file), 'utf8'), { size });
    expect(lines).toHaveLength(games);
    const differences: string[] = [];
    let claims = 0;
    for (const { line, parsed } of lines) {
      if (!parsed.ok) throw new Error(`line ${line}: ${parsed.error.reason}`);
      const plies = parsed.value.plies;
      claims += plies.filter((p) => p.captures.length).length;
      const plain = validateGame(v, { moves: plies.map(aagenielsenMoveText) });
      const claimed = validateGame(v, { moves: plies.map(rich) });
      if (!plain.ok || !claimed.ok) throw new Error(`line ${line}: refused as input`);
      // A game our engine ends early (CPH-6 repetition) refuses the move after with GAME_OVER both ways;
      // only the echoed move text differs.
      const a = { ...plain.value, error: plain.value.error && { index: plain.value.error.index, reason: plain.value.error.reason } };
      const b = {
        ...claimed.value,
        error: claimed.value.error && { index: claimed.value.error.index, reason: claimed.value.error.reason },
      };
      if (JSON.stringify(a) !== JSON.stringify(b)) differences.push(`line ${line}: ${JSON.stringify(claimed.value.error)}`);
    }
    expect(differences).toEqual([]);
    expect(claims).toBeGreaterThan(1000);
  });
});
