// Replays the oracle's random games (`random|<rules>|<games>|<seed>|<max plies>`, one JSON line a game) through this
// repository's engine (after `npx tsc -p tsconfig.build.json`) and reports, per ply, any difference in the number of legal
// moves, in a move's captures or in the result.
//   node tools/opentafl/compare.mjs <built-in variant id or OTN rules string> <games.jsonl>
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const dist = new URL('../../dist/src/', import.meta.url).pathname;
const { legalMoves, applyMove, evaluateOutcome } = require(`${dist}engine/index.js`);
const { compileVariant } = require(`${dist}engine/compiled-variant.js`);
const { builtInVariant } = require(`${dist}variants/index.js`);
const { parseOtn } = require(`${dist}records/otn-parse.js`);

const [rules, file] = process.argv.slice(2);
let v = builtInVariant(rules);
if (!v) {
  const parsed = parseOtn(rules);
  if (!parsed.ok) throw new Error(`refused: ${JSON.stringify(parsed.error)}`);
  v = compileVariant('compared', parsed.value.rules);
}
// OpenTafl declares nothing when the side to move has no legal move (the oracle ends with end "noLegalMoves"); the
// service reads that side as the loser (docs/otn.md), so such an end agrees with our no_legal_moves.
const WINNER = { defender_win: 'defenders', attacker_win: 'attackers', draw: 'draw', ongoing: 'ongoing' };
let games = 0;
let plies = 0;
let diffs = 0;
const differ = (...what) => {
  diffs++;
  console.log(...what);
};
for (const line of readFileSync(file, 'utf8').split('\n')) {
  if (!line.trim()) continue;
  const game = JSON.parse(line);
  if (!game.ok) throw new Error(`the oracle refused the request: ${game.error}`);
  games++;
  const moves = [];
  let agreed = true;
  for (const [i, m] of game.moves.entries()) {
    const listed = legalMoves(v, { moves });
    if (!listed.ok || listed.value.moves.length !== m.legalCount) {
      differ(`game ${game.game} ply ${i}: ${listed.ok ? listed.value.moves.length : 'error'} legal moves, OpenTafl ${m.legalCount}`);
      agreed = false;
      break;
    }
    const played = applyMove(v, { moves }, m.move);
    const ours = played.ok ? [...played.value.move.captures].sort() : null;
    if (!ours || JSON.stringify(ours) !== JSON.stringify([...m.captures].sort())) {
      differ(`game ${game.game} ply ${i} ${m.move}: captures ${JSON.stringify(ours)}, OpenTafl ${JSON.stringify(m.captures)}`);
      agreed = false;
      break;
    }
    moves.push(m.move);
    plies++;
  }
  if (!agreed) continue;
  const outcome = evaluateOutcome(v, { moves }).value.outcome;
  const ours = outcome.status === 'ongoing' ? 'ongoing' : outcome.winner;
  const noMoves = game.end === 'noLegalMoves' && outcome.reason === 'no_legal_moves';
  if (!noMoves && WINNER[game.result] !== ours) differ(`game ${game.game}: ${ours} (${outcome.reason}), OpenTafl ${game.result}`);
}
console.log(JSON.stringify({ games, plies, diffs }));
process.exitCode = diffs ? 1 : 0;
