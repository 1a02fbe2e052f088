/**
 * The files the board pages load, all served by the service itself (no CDN): the self-contained bundle
 * of @tafl/board (built by `npm run build` into packages/board/dist), two one-line page scripts that
 * start it, and the pages' stylesheet, served under /board/<version>/ (http/versioned-files.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { type VersionedFile, type VersionedFiles, versionedFiles } from '../http/versioned-files';
import { PAGES_STYLE } from './board-page-style';

export const ASSETS_PATH = '/board';
const JS = 'application/javascript; charset=utf-8';
const CSS = 'text/css; charset=utf-8';

export interface BoardAssets extends VersionedFiles {
  /** Why the pages cannot work (the package was not built), or null. */
  missing: string | null;
}

/** The page scripts import the bundle beside them, so the two always come from the same version. */
const EMBED_SCRIPT = "import { startEmbedPage } from './tafl-board.bundle.js';\nstartEmbedPage();\n";
const PLAY_SCRIPT = "import { startPlayPage } from './tafl-board.bundle.js';\nstartPlayPage();\n";

function bundlePath(): string {
  // Resolved like any dependency: the workspace link in development, the installed package elsewhere.
  const pkg = createRequire(__filename).resolve('@tafl/board/package.json');
  return join(dirname(pkg), 'dist', 'tafl-board.bundle.js');
}

export async function loadBoardAssets(): Promise<BoardAssets> {
  let path: string | null = null;
  try {
    path = bundlePath();
  } catch {
    path = null;
  }
  const built = path !== null && existsSync(path);
  const bundle = built ? readFileSync(path!) : '';
  const file = (contentType: string, body: Buffer | string): VersionedFile => ({ contentType, read: () => Promise.resolve(body) });
  const files = await versionedFiles(
    ASSETS_PATH,
    new Map([
      ['tafl-board.bundle.js', file(JS, bundle)],
      ['embed.js', file(JS, EMBED_SCRIPT)],
      ['play.js', file(JS, PLAY_SCRIPT)],
      ['pages.css', file(CSS, PAGES_STYLE)],
    ]),
  );
  return {
    ...files,
    missing: built ? null : `@tafl/board is not built (${path ?? 'the package is not installed'}): run \`npm run build\``,
  };
}
