import { builtInVariant, builtInVariantIds } from '../src/variants';
import { Position } from '../src/engine/position';
import { perft } from '../src/engine/perft';
import { countMoves } from '../src/engine/movegen';
for (const id of builtInVariantIds()) {
  const v = builtInVariant(id)!;
  console.log(id, countMoves(Position.start(v)));
}
const v = builtInVariant('copenhagen')!;
for (let d = 1; d <= 3; d++) { const t = Date.now(); console.log('perft', d, perft(Position.start(v), d), Date.now() - t, 'ms'); }
{ const t = Date.now(); console.log('perft', 4, perft(Position.start(v), 4), Date.now() - t, 'ms'); }
