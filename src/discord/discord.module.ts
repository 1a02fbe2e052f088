/** The Discord app in the box (api.md section 12): the interactions endpoint and what answers it. */
import { Module } from '@nestjs/common';
import { RulesModule } from '../api/rules/rules.module';
import { SuggestionsModule } from '../api/suggestions/suggestions.module';
import { GamesModule } from '../games/games.module';
import { DeferredWork } from './deferred-work';
import { DiscordGames } from './discord-games.service';
import { DiscordInteractionsController } from './discord-interactions.controller';
import { DiscordPlayersRepository } from './discord-players.repository';
import { InteractionRouter } from './interaction-router';
import { MoveChoices } from './move-choices';
import { TaflButtons } from './tafl-buttons.service';
import { TaflCommands } from './tafl-commands.service';

@Module({
  imports: [GamesModule, RulesModule, SuggestionsModule],
  controllers: [DiscordInteractionsController],
  providers: [DiscordPlayersRepository, DiscordGames, TaflCommands, TaflButtons, MoveChoices, DeferredWork, InteractionRouter],
})
export class DiscordModule {}
