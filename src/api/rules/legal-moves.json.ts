/**
 * The REST legal-moves answer written straight to JSON text from the engine's move list: the same
 * bytes as JSON.stringify of the LegalMovesView, without building a hundred move objects to throw
 * away. A move without captures is the same text every time, so its text is made once per variant.
 */
import { CompiledVariant, GameState } from '../../engine';
import { ImageLinksView } from '../../http/views/image-links.view';

const plainMoves = new WeakMap<CompiledVariant, (string | undefined)[]>();

function plainMoveTexts(v: CompiledVariant): (string | undefined)[] {
  let texts = plainMoves.get(v);
  if (!texts) plainMoves.set(v, (texts = []));
  return texts;
}

const PASS_TEXT = '{"from":null,"to":null,"notation":"pass","captures":[]}';

/** `position`: the state's TFEN, which the caller has already printed for the picture links. */
export function legalMovesJson(state: GameState, from: number | undefined, position: string, image?: ImageLinksView): string {
  const v = state.v;
  const names = v.names;
  const plain = plainMoveTexts(v);
  const cells = v.names.length;
  // Square names are letters and digits: nothing in them needs escaping.
  let moves = '';
  const count = state.eachLegalMove(from, (f, t, caps, n) => {
    let text: string | undefined;
    if (f < 0) text = PASS_TEXT;
    else if (n === 0) {
      text = plain[f * cells + t];
      if (text === undefined) {
        const a = names[f];
        const b = names[t];
        text = plain[f * cells + t] = `{"from":"${a}","to":"${b}","notation":"${a}-${b}","captures":[]}`;
      }
    } else {
      let list = `"${names[caps[0]]}"`;
      let marks = names[caps[0]];
      for (let i = 1; i < n; i++) {
        list += `,"${names[caps[i]]}"`;
        marks += `/${names[caps[i]]}`;
      }
      text = `{"from":"${names[f]}","to":"${names[t]}","notation":"${names[f]}-${names[t]}x${marks}","captures":[${list}]}`;
    }
    moves = moves.length === 0 ? text : `${moves},${text}`;
  });
  const tail = image ? `,"image":${JSON.stringify(image)}` : '';
  return `{"position":${JSON.stringify(position)},"sideToMove":"${state.sideToMove()}","moves":[${moves}],"count":${count}${tail}}`;
}
