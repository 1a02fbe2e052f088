// Random OpenTafl rules strings over Brandub's and Tablut's boards, stressing the special squares: forts of both kinds,
// every piece set, the re-entry sets with and without cenre, king strength and arms. With `pieces`, the start positions
// also hold commanders and knights, and jumps, berserk, shieldwalls and repetition rules vary (OTN-12, OTN-13); with
// `hired`, mercenaries and guards as well, and the piece sets name them.
// One string a line.
//   node tools/opentafl/random-otn.mjs <seed> <count> [pieces|hired]
const [seed, count] = process.argv.slice(2, 4).map(Number);
const hired = process.argv[4] === 'hired';
const pieces = process.argv[4] === 'pieces' || hired;
let state = seed >>> 0 || 1;
const rnd = () => (state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 2 ** 32;
const pick = (xs) => xs[Math.floor(rnd() * xs.length)];
const START = {
  7: 'start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/',
  9: 'start:/3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/',
};
const START_PIECES = {
  7: ['start:/3c3/3t3/3T3/tnTKNtt/3T3/3t3/3n3/', 'start:/3t3/3c3/3N3/ttCKTct/3T3/3t3/3t3/', 'start:/2ctc2/3t3/3N3/ttTKTtt/3N3/3t3/2tct2/'],
  9: ['start:/3tct3/4t4/4N4/t3T3t/tcTTKTTnt/t3T3t/4C4/4t4/3tnt3/', 'start:/3ttt3/4c4/4T4/n3N3n/ttTCKTTtt/t3T3t/4T4/4c4/3ttt3/'],
};
const START_HIRED = {
  7: ['start:/3m3/3g3/3T3/ttMKGtt/3T3/3t3/3t3/', 'start:/3t3/3m3/3G3/tgTKMmt/3T3/3t3/3c3/', 'start:/2mtg2/3t3/3N3/ttMKGtt/3T3/3m3/2tmt2/'],
  9: ['start:/3tmt3/4g4/4M4/t3T3t/tmTGKMTgt/t3T3t/4T4/4m4/3tgt3/', 'start:/3ttt3/4m4/4G4/m3M3m/ttTCKTGtt/t3T3t/4N4/4g4/3tmt3/'],
};
const SETS = hired
  ? ['', 'tcnk', 'TCNK', 'tcnkTCNK', 'K', 'tcnkmTCNKM', 'tcnkmgTCNKMG', 'mM', 'gG', 'TCNKM', 'tcnkm', 'mgK', 'Mg']
  : ['', 'tcnk', 'TCNK', 'tcnkTCNK', 'K', 'TCN', 'tcnkK', 'tcnkTCN'];
const squares = (n, k) => {
  const mid = (n + 1) / 2;
  const out = new Set();
  while (out.size < k) {
    const f = Math.floor(rnd() * n);
    const r = Math.floor(rnd() * n) + 1;
    const corner = (f === 0 || f === n - 1) && (r === 1 || r === n);
    if (!corner && !(f === mid - 1 && r === mid)) out.add(`${'abcdefghi'[f]}${r}`);
  }
  return `${[...out].sort().join(',')},`;
};
for (let i = 0; i < count; i++) {
  const n = pick([7, 9]);
  const keys = [`dim:${n}`, 'name:F'];
  if (rnd() < 0.5) keys.push('esc:e');
  if (rnd() < 0.3) keys.push('cor:');
  keys.push(
    pick(['ka:y', 'ka:n', 'ka:h', 'ka:a']),
    pick(pieces ? ['ks:s', 'ks:w', 'ks:c'] : ['ks:s', 'ks:w', 'ks:m', 'ks:c']),
    pick(['surf:y', 'surf:n']),
  );
  for (const [fort, chance] of [
    ['afor', 0.8],
    ['dfor', 0.6],
  ]) {
    if (rnd() >= chance) continue;
    keys.push(`${fort}:${squares(n, 1 + Math.floor(rnd() * 6))}`);
    for (const set of ['h', 'p', 's', 're']) if (rnd() < 0.5) keys.push(`${fort}${set}:${pick(SETS)}`);
  }
  if (rnd() < 0.5) keys.push(`cenre:${pick(SETS)}`);
  if (rnd() < 0.3) keys.push(`corre:${pick(SETS)}`);
  if (pieces) {
    keys.push(pick(['kj:n', 'kj:j', 'kj:c', 'kj:r']), pick(['nj:n', 'nj:j', 'nj:c', 'nj:r']), pick(['cj:n', 'cj:j', 'cj:c', 'cj:r']));
    if (hired) keys.push(pick(['mj:n', 'mj:j', 'mj:c', 'mj:r']), pick(['gj:n', 'gj:c']));
    if (hired) for (const set of ['cenp', 'cens', 'corp', 'cors', 'cenh', 'corh']) if (rnd() < 0.3) keys.push(`${set}:${pick(SETS)}`);
    keys.push(pick(['ber:n', 'ber:c', 'ber:c', 'ber:m']), pick(['tfr:d', 'tfr:w', 'tfr:l', 'tfr:i']));
    if (rnd() < 0.3) keys.push(pick(['sw:w', 'sw:s']), pick(['swf:y', 'swf:n']));
    if (rnd() < 0.2) keys.push('linc:y');
  }
  keys.push(hired ? pick(START_HIRED[n]) : pieces ? pick(START_PIECES[n]) : START[n]);
  console.log(keys.join(' '));
}
