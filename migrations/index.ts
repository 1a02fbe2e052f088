/** Every migration, in the order they run: the only way the schema changes (never `synchronize`). */
import { CreateGames1764400000000 } from './1764400000000-create-games';
import { CreateRateLimitWindows1764500000000 } from './1764500000000-create-rate-limit-windows';
import { CreateGameEvents1764600000000 } from './1764600000000-create-game-events';
import { CreateCustomVariants1764700000000 } from './1764700000000-create-custom-variants';
import { AddComputerSide1764750000000 } from './1764750000000-add-computer-side';
import { AddClocksAndTakebacks1764800000000 } from './1764800000000-add-clocks-and-takebacks';
import { IndexGameFilters1764810000000 } from './1764810000000-index-game-filters';
import { CreateWebhookDeliveries1764820000000 } from './1764820000000-create-webhook-deliveries';
import { HotGameUpdates1764830000000 } from './1764830000000-hot-game-updates';
import { OpenSeats1764840000000 } from './1764840000000-open-seats';
import { DiscordPlayers1764850000000 } from './1764850000000-discord-players';
import { EngineFailure1764860000000 } from './1764860000000-engine-failure';

export const MIGRATIONS = [
  CreateGames1764400000000,
  CreateRateLimitWindows1764500000000,
  CreateGameEvents1764600000000,
  CreateCustomVariants1764700000000,
  AddComputerSide1764750000000,
  AddClocksAndTakebacks1764800000000,
  IndexGameFilters1764810000000,
  CreateWebhookDeliveries1764820000000,
  HotGameUpdates1764830000000,
  OpenSeats1764840000000,
  DiscordPlayers1764850000000,
  EngineFailure1764860000000,
];
