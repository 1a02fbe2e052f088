/**
 * POST /v1/discord/interactions (api.md section 12): Discord's Interactions Endpoint URL. The signature is
 * checked over the body exactly as it arrived; a bad, missing or stale one is a 401 and nothing happens.
 * Without DISCORD_PUBLIC_KEY and DISCORD_APPLICATION_ID the route answers 404, as any unknown route.
 */
import { Controller, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import { ApiExcludeEndpoint } from '@nestjs/swagger';
import type { APIInteraction, APIInteractionResponse } from 'discord-api-types/v10';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { KeyObject } from 'node:crypto';
import { APP_CONFIG, AppConfig } from '../config/config';
import { ProblemError } from '../http/problem-error';
import { RateLimiter } from '../http/rate-limit/rate-limiter';
import { checkSignature, discordPublicKey } from './interaction-signature';
import { InteractionRouter } from './interaction-router';

const header = (r: FastifyRequest, name: string): string | undefined => {
  const v = r.headers[name];
  return Array.isArray(v) ? v[0] : v;
};

@Controller('v1/discord')
export class DiscordInteractionsController {
  private readonly key: KeyObject | null;

  constructor(
    private readonly router: InteractionRouter,
    private readonly limiter: RateLimiter,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.key = config.discord ? discordPublicKey(config.discord.publicKey) : null;
  }

  @Post('interactions')
  @HttpCode(200)
  @ApiExcludeEndpoint()
  async interact(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<APIInteractionResponse> {
    if (!this.key) throw ProblemError.notFound(`no route POST ${request.url}`);
    const raw = Buffer.from(request.bodyText ?? '', 'utf8');
    const checked = checkSignature(
      this.key,
      header(request, 'x-signature-ed25519'),
      header(request, 'x-signature-timestamp'),
      raw,
      Date.now(),
    );
    if (!checked.ok) {
      // Unsigned requests are charged to their address, as on every other route (signed ones are not: see rate-limit-exempt.ts).
      if (this.limiter.enabled) {
        const a = await this.limiter.admit(request.ip);
        if (!a.allowed)
          throw ProblemError.rateLimited('too many unsigned requests from this address', Math.max(1, Math.ceil(a.resetMs / 1000)));
      }
      throw ProblemError.unauthorized(`invalid request signature: ${checked.why}`);
    }
    const handled = await this.router.handle(request.body as APIInteraction);
    // Discord must have the deferred answer before the edit that completes it.
    if (handled.after) reply.raw.once('finish', () => void handled.after!());
    return handled.response;
  }
}
