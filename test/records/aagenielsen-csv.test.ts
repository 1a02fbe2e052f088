/** The aagenielsen.dk CSV game-line parser (shared/records/README.md). */
import { aagenielsenWinner, parseAagenielsenCsv, parseAagenielsenLine } from '../../src/records/aagenielsen-csv';

describe('aagenielsen CSV game lines', () => {
  it('reads plies, captures (several, two-digit ranks), the count columns and the result', () => {
    const r = parseAagenielsenLine('d1-d3 e5-e2 g1-g3 f4-k4xk3xk2 h9-h10xg10,1,0,White');
    expect(r).toEqual({
      ok: true,
      value: {
        plies: [
          { from: 'd1', to: 'd3', captures: [] },
          { from: 'e5', to: 'e2', captures: [] },
          { from: 'g1', to: 'g3', captures: [] },
          { from: 'f4', to: 'k4', captures: ['k3', 'k2'] },
          { from: 'h9', to: 'h10', captures: ['g10'] },
        ],
        timeout: false,
        attackerCaptures: 1,
        defenderCaptures: 0,
        result: 'White',
      },
    });
  });

  it('keeps a capture square written twice as written', () => {
    const r = parseAagenielsenLine('e7-k7xk6xk6,0,2,Black');
    expect(r.ok && r.value.plies[0].captures).toEqual(['k6', 'k6']);
  });

  it('reads a final timeout, an empty move list and an empty result', () => {
    expect(parseAagenielsenLine('d2-e2 c4-c2 timeout,0,0,Black')).toMatchObject({ ok: true, value: { timeout: true, result: 'Black' } });
    expect(parseAagenielsenLine('timeout,0,0,')).toEqual({
      ok: true,
      value: { plies: [], timeout: true, attackerCaptures: 0, defenderCaptures: 0, result: '' },
    });
    expect(parseAagenielsenLine(',0,0,Ongoing')).toMatchObject({ ok: true, value: { plies: [], timeout: false } });
  });

  it.each([
    ['', 'empty line'],
    ['d1-d3,0,0', 'expected 4 comma-separated columns, found 3'],
    ['d1-d3,0,0,White,x', 'expected 4 comma-separated columns, found 5'],
    ['d1-d3,a,0,White', 'attacker captures column is not a non-negative integer'],
    ['d1-d3,0,-1,White', 'defender captures column is not a non-negative integer'],
    ['d1-d3,0,0,Red', 'unknown result "Red"'],
    ['d1-d3 timeout e5-e2,0,0,White', '"timeout" may only end the move list'],
    ['d1-d3 e5e2,0,0,White', '"e5e2" is not a move'],
    ['d1-d3 e5-e2x,0,0,White', '"e5-e2x" is not a move'],
    ['d1-d1,0,0,White', 'moves a piece to its own square'],
  ])('refuses %j: %s', (line, reason) => {
    const r = parseAagenielsenLine(line);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.reason).toContain(reason);
  });

  it('checks squares against the board size when given', () => {
    expect(parseAagenielsenLine('d2-h2,0,0,White').ok).toBe(true);
    expect(parseAagenielsenLine('d2-h2,0,0,White', { size: 7 })).toEqual({
      ok: false,
      error: { reason: 'h2 is not a square of a 7×7 board', token: 'd2-h2', plyIndex: 0 },
    });
    expect(parseAagenielsenLine('d2-d3 a1-a2xa8,0,0,White', { size: 7 })).toMatchObject({ ok: false, error: { plyIndex: 1 } });
  });

  it('parses a file line by line with 1-based line numbers (CRLF and a final line break accepted)', () => {
    const lines = parseAagenielsenCsv('d1-d3,0,0,Ongoing\r\nbad\nd1-d3 e5-e2,0,0,Draw\n');
    expect(lines.map((l) => [l.line, l.parsed.ok])).toEqual([
      [1, true],
      [2, false],
      [3, true],
    ]);
  });

  it('maps results to winners: White = defenders, Black = attackers', () => {
    expect(['White', 'Black', 'Draw', 'Ongoing', ''].map((r) => aagenielsenWinner(r as never))).toEqual([
      'defenders',
      'attackers',
      'draw',
      null,
      null,
    ]);
  });
});
