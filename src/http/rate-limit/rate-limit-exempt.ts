/**
 * Paths the address-based rate limit leaves alone: the orchestrators' probes, and Discord's
 * interactions, which all come from Discord's own addresses (one busy server would otherwise starve
 * every other). Those are limited per Discord user and server once their signature is checked, and a
 * request whose signature fails is charged to its address there (discord/discord-interactions.controller.ts).
 */
export const RATE_LIMIT_EXEMPT: ReadonlySet<string> = new Set(['/health', '/ready', '/v1/discord/interactions']);
