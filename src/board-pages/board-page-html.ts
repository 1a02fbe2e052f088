/**
 * The HTML of the board pages. No inline script and no inline style (the CSP allows neither): the page
 * loads its script and stylesheet from the service. Everything taken from the request is escaped; the
 * OpenGraph tags name the service's PNG of what the page shows, so a pasted link previews as a board.
 */
import { variants } from '../tafl-rules/registry-variant';
import { fileUrl } from '../http/versioned-files';
import type { BoardAssets } from './board-assets';

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

interface PageParts {
  title: string;
  description: string;
  /** Absolute URL of the PNG the link previews as. */
  image: string;
  url: string;
  script: 'embed.js' | 'play.js';
  bodyClass: string;
  main: string;
}

function page(assets: BoardAssets, p: PageParts): string {
  const t = escapeHtml(p.title);
  const d = escapeHtml(p.description);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${t}</title>
<meta name="description" content="${d}">
<meta property="og:type" content="website">
<meta property="og:title" content="${t}">
<meta property="og:description" content="${d}">
<meta property="og:url" content="${escapeHtml(p.url)}">
<meta property="og:image" content="${escapeHtml(p.image)}">
<meta property="og:image:type" content="image/png">
<meta property="og:image:width" content="512">
<meta property="og:image:height" content="512">
<meta name="twitter:card" content="summary_large_image">
<link rel="stylesheet" href="${fileUrl(assets, 'pages.css')}">
<script type="module" src="${fileUrl(assets, p.script)}"></script>
</head>
<body class="${p.bodyClass}">
<main>
${p.main}
</main>
</body>
</html>
`;
}

export function gameEmbedPage(assets: BoardAssets, base: string, id: string): string {
  return page(assets, {
    title: `Tafl game ${id}`,
    description: 'A game of tafl, live.',
    image: `${base}/v1/games/${encodeURIComponent(id)}/board.png`,
    url: `${base}/embed/games/${encodeURIComponent(id)}`,
    script: 'embed.js',
    bodyClass: 'embed',
    main: `<tafl-game game-id="${escapeHtml(id)}"></tafl-game>`,
  });
}

export interface PositionQuery {
  variant: string;
  position: string | null;
  lastMove: string | null;
}

export function positionEmbedPage(assets: BoardAssets, base: string, q: PositionQuery): string {
  const params = new URLSearchParams();
  if (q.position) params.set('position', q.position.replace(' ', '_'));
  if (q.lastMove) params.set('lastMove', q.lastMove);
  const query = params.toString();
  const self = new URLSearchParams({
    variant: q.variant,
    ...(q.position ? { position: q.position } : {}),
    ...(q.lastMove ? { lastMove: q.lastMove } : {}),
  });
  const attrs = [`variant="${escapeHtml(q.variant)}"`];
  if (q.position) attrs.push(`position="${escapeHtml(q.position)}"`);
  if (q.lastMove) attrs.push(`last-move="${escapeHtml(q.lastMove)}"`);
  return page(assets, {
    title: `A ${q.variant} position`,
    description: 'A tafl position.',
    image: `${base}/v1/variants/${encodeURIComponent(q.variant)}/board.png${query ? `?${query}` : ''}`,
    url: `${base}/embed/position?${self.toString()}`,
    script: 'embed.js',
    bodyClass: 'embed',
    main: `<tafl-board ${attrs.join(' ')}></tafl-board>`,
  });
}

export function playPage(assets: BoardAssets, base: string): string {
  const options = variants()
    .map(
      (v) =>
        `<option value="${escapeHtml(v.id)}"${v.id === 'brandubh' ? ' selected' : ''}>${escapeHtml(v.name)} (${v.size}×${v.size})</option>`,
    )
    .join('');
  const levels = Array.from({ length: 10 }, (_, i) => `<option value="${i + 1}"${i === 2 ? ' selected' : ''}>${i + 1}</option>`).join('');
  return page(assets, {
    title: 'Play tafl',
    description: 'Play a game of tafl against the computer or a friend.',
    image: `${base}/v1/variants/brandubh/board.png`,
    url: `${base}/play`,
    script: 'play.js',
    bodyClass: 'play',
    main: `<h1>Play tafl</h1>
<p id="notice" class="notice" role="status" aria-live="polite"></p>
<section id="start" aria-labelledby="new-title">
<h2 id="new-title">A new game</h2>
<form id="new-game">
<label>Variant <select name="variant">${options}</select></label>
<label>You play <select name="side"><option value="attackers">the attackers</option><option value="defenders">the defenders</option></select></label>
<label>Computer level <select name="level">${levels}</select></label>
<button type="submit" value="computer">Play the computer</button>
<button type="submit" value="invite">Invite someone</button>
</form>
<h2 id="watch-title">Watch a game</h2>
<form id="watch" aria-labelledby="watch-title">
<label>Game id <input name="id" autocomplete="off" required></label>
<button type="submit">Watch</button>
</form>
</section>
<p><button type="button" id="join" hidden>Take the seat</button></p>
<section id="game" hidden aria-label="The game">
<div id="invite" hidden>
<label>Send this link to your opponent <input id="invite-link" readonly></label>
<p><button type="button" id="copy">Copy the link</button></p>
</div>
<tafl-game id="live-game"></tafl-game>
<p><a href="/play">Start another game</a></p>
</section>`,
  });
}
