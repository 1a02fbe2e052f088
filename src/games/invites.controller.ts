/** REST for invites to open seats (api.md section 11): what a link shows before anyone claims the seat. */
import { Controller, Get, Param } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { ProblemResponses } from '../http/problem-responses';
import { SeatClaims } from './acts/seat-claims.service';
import { GameSummaryView } from './game.views';

@ApiTags('games')
@Controller('v1/invites')
export class InvitesController {
  constructor(private readonly seats: SeatClaims) {}

  @Get(':code')
  @ApiOperation({
    operationId: 'getInvite',
    summary: 'The game an invite opens (variant, who waits, time control, seats), without claiming it',
  })
  @ApiParam({ name: 'code', description: 'The invite code' })
  @ApiOkResponse({ type: GameSummaryView, description: "The game's summary; `seats` says whether the seat is still open" })
  @ProblemResponses(404, 503)
  get(@Param('code') code: string): Promise<GameSummaryView> {
    return this.seats.invite(code);
  }
}
