/**
 * Files the service's own pages load (the GraphQL explorer's, the board pages'), served from the service
 * under `<path>/<version>/<file>`, the version a hash of their bytes: a URL always gives the same bytes,
 * so browsers keep them for a year (`immutable`), and a new build gives new URLs. A page of another
 * version (another instance during a deployment) still gets working files, which are then not kept.
 * Only the files named are served.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { IMMUTABLE, REVALIDATE, sendCacheable } from './cacheable-reply';
import { ProblemError } from './problem-error';

export interface VersionedFile {
  contentType: string;
  read(): Promise<Buffer | string>;
  /** False: not part of the version (a source map follows the file it maps). */
  versioned?: boolean;
}

export interface VersionedFiles {
  path: string;
  version: string;
  files: ReadonlyMap<string, VersionedFile>;
}

export async function versionedFiles(path: string, files: ReadonlyMap<string, VersionedFile>): Promise<VersionedFiles> {
  const hash = createHash('sha256');
  for (const [name, file] of files) if (file.versioned !== false) hash.update(name).update(await file.read());
  return { path, version: hash.digest('hex').slice(0, 16), files };
}

/** The URL of one of the files. */
export function fileUrl(set: VersionedFiles, file: string): string {
  return `${set.path}/${set.version}/${file}`;
}

/** The route of the files; `refuse` names a file that exists but cannot be served now (a missing build). */
export function serveVersionedFiles(
  fastify: FastifyInstance,
  set: VersionedFiles,
  what: string,
  refuse?: (file: string) => string | null,
): void {
  fastify.get(`${set.path}/:version/:file`, async (request, reply) => {
    const params = request.params as { version: string; file: string };
    const file = set.files.get(params.file);
    const refused = file ? (refuse?.(params.file) ?? null) : null;
    if (!file || refused) throw ProblemError.notFound(refused ?? `${what} has no file "${params.file}"`);
    await sendCacheable(request, reply, {
      etag: `"${set.version}"`,
      cacheControl: params.version === set.version ? IMMUTABLE : REVALIDATE,
      contentType: file.contentType,
      body: () => file.read(),
    });
  });
}
