/**
 * Edits of a deferred answer (type 5) through Discord's API: `PATCH /webhooks/{application}/{token}/
 * messages/@original`, JSON, or multipart with `payload_json` and `files[n]` when a file goes with it
 * (a GIF, an OpenTafl record). The interaction's token authorises the edit for 15 minutes; no bot token
 * is needed. Failures are logged: the user sees the "thinking…" message go stale, nothing else breaks.
 */
import { Logger } from '@nestjs/common';
import type { APIInteractionResponseCallbackData } from 'discord-api-types/v10';

export interface Attachment {
  name: string;
  contentType: string;
  bytes: Buffer | string;
}

/** Longest wait for Discord's answer to one edit. */
const EDIT_TIMEOUT_MS = 10_000;

export class FollowUps {
  private readonly logger = new Logger('DiscordFollowUps');

  constructor(
    private readonly apiUrl: string,
    private readonly applicationId: string,
  ) {}

  async editOriginal(interactionToken: string, data: APIInteractionResponseCallbackData, file?: Attachment): Promise<void> {
    const url = `${this.apiUrl}/webhooks/${this.applicationId}/${encodeURIComponent(interactionToken)}/messages/@original`;
    let body: string | FormData;
    const headers: Record<string, string> = {};
    if (file) {
      const form = new FormData();
      form.append('payload_json', JSON.stringify({ ...data, attachments: [{ id: 0, filename: file.name }] }));
      const bytes = typeof file.bytes === 'string' ? file.bytes : new Uint8Array(file.bytes);
      form.append('files[0]', new Blob([bytes], { type: file.contentType }), file.name);
      body = form;
    } else {
      body = JSON.stringify(data);
      headers['content-type'] = 'application/json';
    }
    try {
      const r = await fetch(url, { method: 'PATCH', body, headers, signal: AbortSignal.timeout(EDIT_TIMEOUT_MS) });
      if (!r.ok) this.logger.warn(`editing a deferred answer: Discord answered ${r.status}`);
    } catch (e) {
      this.logger.warn(`editing a deferred answer failed: ${(e as Error).message}`);
    }
  }
}
