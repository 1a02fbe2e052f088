/**
 * The two framings of a game stream (api.md section 7): NDJSON, one JSON object per line and an empty
 * line as keep-alive; Server-Sent Events, each event's `id:` its seq and a comment as keep-alive.
 */
import { NDJSON_CONTENT_TYPE } from '../../http/media-types';
import { OutgoingEvent } from '../events/game-event';

export type StreamFormat = 'ndjson' | 'sse';

export { NDJSON_CONTENT_TYPE };
export const SSE_CONTENT_TYPE = 'text/event-stream';

/** SSE only when asked for: NDJSON is the default, as lichess streams are. */
export function streamFormat(accept: string | undefined): StreamFormat {
  return accept !== undefined && /(^|,)\s*text\/event-stream\s*(;|,|$)/i.test(accept) ? 'sse' : 'ndjson';
}

export function contentType(format: StreamFormat): string {
  return format === 'sse' ? `${SSE_CONTENT_TYPE}; charset=utf-8` : NDJSON_CONTENT_TYPE;
}

const framed = new WeakMap<OutgoingEvent, Partial<Record<StreamFormat, Buffer>>>();

/**
 * The bytes of an event in a format, made once and shared by every stream that sends it. One event
 * is always one line: JSON.stringify escapes the line breaks inside strings.
 */
export function frame(format: StreamFormat, e: OutgoingEvent): Buffer {
  let byFormat = framed.get(e);
  if (!byFormat) framed.set(e, (byFormat = {}));
  return (byFormat[format] ??= Buffer.from(format === 'sse' ? `id: ${e.seq}\ndata: ${e.json}\n\n` : `${e.json}\n`));
}

export function keepAlive(format: StreamFormat): string {
  return format === 'sse' ? ': keep-alive\n\n' : '\n';
}
