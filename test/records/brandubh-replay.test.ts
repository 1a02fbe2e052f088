/**
 * Replays the 525 Brandubh games recorded on aagenielsen.dk (shared/records) with the `brandubh`
 * variant (rules.md 5.3): every move legal, every capture as recorded (the king's capture left out, R-1),
 * outcomes compared with the recorded results. The figures are printed once.
 */
import { hasSharedRecords } from '../helpers/shared-data';
import { formatSummary, replayCsv, ReplaySummary } from './replay-csv';

const FILE = 'aagenielsen-brandubh-7x7.csv';

describe.skipIf(!hasSharedRecords(FILE))('aagenielsen.dk Brandubh records (525 games)', () => {
  let s: ReplaySummary;
  beforeAll(() => {
    s = replayCsv(FILE, 'brandubh', 7);
    console.log(formatSummary(FILE, s));
  });

  it('parses every line and reads every ply and capture (README: 11,226 plies, 1,450 captures)', () => {
    expect(s.parseErrors).toEqual([]);
    expect(s.games).toBe(525);
    expect(s.recordedPlies).toBe(11226);
    expect(s.recordedCaptures).toBe(1450);
    // The two count columns agree with the capture marks of each side's plies.
    expect(s.countColumnMismatches).toEqual([]);
  });

  it('finds every recorded move legal, except after our engine ended the game', () => {
    expect(s.illegal).toEqual([]);
  });

  it('captures exactly what the record captures (as sets, our king capture left out)', () => {
    expect(s.captureMismatches).toEqual([]);
  });

  it('ends exactly 5 games early, each on a third repetition the site let pass (rules.md 5.3)', () => {
    expect(s.cutShort).toHaveLength(5);
    expect(s.cutShort.every((c) => c.reason === 'repetition')).toBe(true);
    expect(s.fullyReplayed + s.cutShort.length).toBe(s.games);
  });

  it('never finishes a game with a winner other than the recorded one, except those repetition games', () => {
    const cut = new Set(s.cutShort.map((c) => c.line));
    expect(s.outcomeConflicts.filter((c) => !cut.has(c.line))).toEqual([]);
  });
});
