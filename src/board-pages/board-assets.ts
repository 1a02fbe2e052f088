/**
 * The files the board pages load, all served by the service itself (no CDN): the self-contained bundle
 * of @tafl/board (built by `npm run build` into packages/board/dist), two one-line page scripts that
 * start it, and the pages' stylesheet. They are served under /board/<version>/, the version a hash of
 * their bytes: a URL always gives the same bytes, so browsers keep them for a year, and a new build
 * gives new URLs.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { PAGES_STYLE } from './board-page-style';

export const ASSETS_PATH = '/board';
const JS = 'application/javascript; charset=utf-8';
const CSS = 'text/css; charset=utf-8';

export interface BoardAsset {
  contentType: string;
  body: Buffer | string;
}

export interface BoardAssets {
  /** The hash of every file's bytes, the directory of their URLs. */
  version: string;
  files: Map<string, BoardAsset>;
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

export function loadBoardAssets(): BoardAssets {
  let path: string | null = null;
  try {
    path = bundlePath();
  } catch {
    path = null;
  }
  const built = path !== null && existsSync(path);
  const files = new Map<string, BoardAsset>([
    ['tafl-board.bundle.js', { contentType: JS, body: built ? readFileSync(path!) : '' }],
    ['embed.js', { contentType: JS, body: EMBED_SCRIPT }],
    ['play.js', { contentType: JS, body: PLAY_SCRIPT }],
    ['pages.css', { contentType: CSS, body: PAGES_STYLE }],
  ]);
  const hash = createHash('sha256');
  for (const [name, file] of files) hash.update(name).update(file.body);
  return {
    version: hash.digest('hex').slice(0, 16),
    files,
    missing: built ? null : `@tafl/board is not built (${path ?? 'the package is not installed'}): run \`npm run build\``,
  };
}

/** The URL of one of the files. */
export function assetUrl(assets: BoardAssets, file: string): string {
  return `${ASSETS_PATH}/${assets.version}/${file}`;
}
