/**
 * The engine's part of REST legal-moves answers, alone in a process, for bench:instructions: the replay
 * of each state, the listing of its legal moves and the writing of the answer's bytes, the very function
 * the route calls. Reads the states (a JSON list of move lists) from the file its first argument names
 * and answers the first `warm-up` of them (its second argument); then prints `ready`, and for each line
 * on stdin answers the next `count` (its third argument) and prints `done`: the same states in the same
 * order as the service gets them in bench:instructions.
 */
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { legalMovesText } from '../src/api/rules/rules.service';
import { builtInVariant } from '../src/variants';

const states: string[][] = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const warmUp = Number(process.argv[3]);
const count = Number(process.argv[4]);
const v = builtInVariant('copenhagen')!;
let next = 0;

function answer(n: number): void {
  for (const end = next + n; next < end; next++) {
    const r = legalMovesText(v, { moves: states[next % states.length] }, undefined, null);
    if (!r.ok) throw new Error(`state ${next} refused: ${JSON.stringify(r.error)}`);
  }
}

answer(warmUp);
process.stdout.write('ready\n');
createInterface({ input: process.stdin }).on('line', () => {
  answer(count);
  process.stdout.write('done\n');
});
