/**
 * Replays the 1,752 Copenhagen games recorded on aagenielsen.dk (shared/records) with the `copenhagen`
 * variant (rules.md 5.2): every move legal, every capture as recorded (the king's capture left out, R-1),
 * outcomes compared with the recorded results. The figures are printed once.
 */
import { hasSharedRecords } from '../helpers/shared-data';
import { formatSummary, replayCsv, ReplaySummary } from './replay-csv';

const FILE = 'aagenielsen-copenhagen-11x11.csv';

describe.skipIf(!hasSharedRecords(FILE))('CPH-1..6: aagenielsen.dk Copenhagen records (1,752 games)', () => {
  let s: ReplaySummary;
  beforeAll(() => {
    s = replayCsv(FILE, 'copenhagen', 11);
    console.log(formatSummary(FILE, s));
  });

  it('parses every line and reads every ply and capture (README: 87,274 plies, 13,498 captures)', () => {
    expect(s.parseErrors).toEqual([]);
    expect(s.games).toBe(1752);
    expect(s.recordedPlies).toBe(87274);
    expect(s.recordedCaptures).toBe(13498);
    // The two count columns agree with the capture marks of each side's plies.
    expect(s.countColumnMismatches).toEqual([]);
  });

  it('finds every recorded move legal, except after our engine ended the game', () => {
    expect(s.illegal).toEqual([]);
  });

  it('captures exactly what the record captures (as sets, our king capture left out)', () => {
    expect(s.captureMismatches).toEqual([]);
  });

  it('CPH-6: ends exactly 11 games early, each on a third repetition the site let pass (rules.md 5.2)', () => {
    expect(s.cutShort).toHaveLength(11);
    expect(s.cutShort.every((c) => c.reason === 'repetition')).toBe(true);
    expect(s.fullyReplayed + s.cutShort.length).toBe(s.games);
  });

  it('never finishes a game with a winner other than the recorded one, except those repetition games', () => {
    const cut = new Set(s.cutShort.map((c) => c.line));
    expect(s.outcomeConflicts.filter((c) => !cut.has(c.line))).toEqual([]);
  });
});
