/** What a handler gives the controller: the response to send now, and work to run once it is sent (deferred answers). */
import type { APIInteractionResponse } from 'discord-api-types/v10';

export interface Handled {
  response: APIInteractionResponse;
  after?: () => Promise<void>;
}
