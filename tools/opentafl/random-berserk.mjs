// Random variations of OpenTafl's Berserk on its 11×11 board (OTN-12, OTN-13): first side, repetition, every jump mode of
// the king, knights and commanders, both berserk modes, king arms and strength, and now and then edge escape, throne
// hostility, shieldwalls, Linnaean capture and attacker forts; two start positions, one with more commanders and knights.
// One string a line.
//   node tools/opentafl/random-berserk.mjs <seed> <count>
const [seed, count] = process.argv.slice(2, 4).map(Number);
let state = seed >>> 0 || 1;
const rnd = () => (state = (Math.imul(state, 1664525) + 1013904223) >>> 0) / 2 ** 32;
const pick = (xs) => xs[Math.floor(rnd() * xs.length)];
const STARTS = [
  'start:/3ttttt3/5c5/11/t4T4t/t3NTT3t/tc1TTKTT1ct/t3TTT3t/t4T4t/11/5c5/3ttttt3/',
  'start:/3ttntt3/5c5/11/t4T4t/t3NTT3t/tn1TCKTT1ct/t3TTN3t/t4T4t/11/5c5/3tttnt3/',
];
for (let i = 0; i < count; i++) {
  const keys = ['dim:11', 'name:B', pick(['surf:n', 'surf:y']), pick(['atkf:n', 'atkf:y']), pick(['tfr:l', 'tfr:d', 'tfr:w'])];
  keys.push(pick(['kj:r', 'kj:j', 'kj:c', 'kj:n']), pick(['nj:c', 'nj:j', 'nj:r']), pick(['cj:j', 'cj:c', 'cj:r', 'cj:n']));
  keys.push(pick(['ber:c', 'ber:c', 'ber:m', 'ber:n']), pick(['ka:y', 'ka:h', 'ka:a', 'ka:n']), pick(['ks:s', 'ks:c', 'ks:w']));
  if (rnd() < 0.4) keys.push(pick(['esc:e', 'esc:c']));
  if (rnd() < 0.3) keys.push(pick(['cenh:', 'cenh:tcnkTCNK', 'cenhe:', 'cenhe:tcnk']));
  if (rnd() < 0.3) keys.push(pick(['sw:w', 'sw:s']), pick(['swf:y', 'swf:n']));
  if (rnd() < 0.3) keys.push('linc:y');
  if (rnd() < 0.3) keys.push('afor:a5,a6,a7,b6,k5,k6,k7,j6,', pick(['aforp:tcnkTCNK', 'aforp:tcnk', 'afors:K', 'aforre:']));
  keys.push(pick(STARTS));
  console.log(keys.join(' '));
}
