/** Media types more than one room answers with (written once: the streams and the reviews both send NDJSON). */
export const NDJSON_CONTENT_TYPE = 'application/x-ndjson';
