/** The threats of a game state for both transports: the engine finds them, this maps them to the view. */
import { Inject, Injectable } from '@nestjs/common';
import { CompiledVariant, parseMoveText, squareName, threats } from '../../engine';
import { APP_CONFIG, AppConfig } from '../../config/config';
import { operationError } from '../../http/operation-problems';
import { ImageLinksView, positionImages } from '../../http/views/image-links.view';
import { outcomeView } from '../../http/views/move-outcome.views';
import { RulesService, StateArgs } from './rules.service';
import { ThreatsView } from './threats.views';

@Injectable()
export class ThreatsService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly rules: RulesService,
  ) {}

  /** Checked and charged to the rate limit as every stateless operation is (RulesService.prepare). */
  async threats(args: StateArgs): Promise<ThreatsView> {
    const { v, state } = await this.rules.prepare(args, 'body');
    const r = threats(v, state);
    if (!r.ok) throw operationError(r.error);
    const t = r.value;
    const view: ThreatsView = {
      position: t.position,
      sideToMove: t.sideToMove,
      outcome: outcomeView(t.outcome),
      kingRoutes: t.kingRoutes,
      kingCapturable: t.kingCapturable,
      hanging: t.hanging,
    };
    const image = this.images(v, t.position, state.moves);
    if (image) view.image = image;
    return view;
  }

  /** The position's picture links with the threats drawn, and its last move marked as other answers mark it. */
  private images(v: CompiledVariant, position: string, moves: readonly unknown[] | null | undefined): ImageLinksView | undefined {
    const last = moves?.length ? parseMoveText(v.geo, moves.at(-1)) : null;
    const lastMove = last?.kind === 'move' ? { from: squareName(v.geo, last.from), to: squareName(v.geo, last.to) } : null;
    const image = positionImages(this.config.publicBaseUrl, v.id, position, lastMove);
    // Every link has a query already (the position), so the option is one more parameter.
    return image && { svg: `${image.svg}&threats=1`, png: `${image.png}&threats=1` };
  }
}
