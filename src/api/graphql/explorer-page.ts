/**
 * What the browser gets of the GraphQL explorer besides the installed packages: the page, its start
 * script and its layout. The page holds no inline script or style, so its policy can be `script-src
 * 'self'` (http/security-headers.ts); the script and stylesheet are served from the service like the
 * packages' files (explorer.ts).
 */

/** Where the explorer's files are served: `/graphql/explorer/<version>/<file>`. */
export const EXPLORER_ASSETS_PATH = '/graphql/explorer';

/** The query a first visit shows, ready to run. */
const DEFAULT_QUERY = `# Ctrl-Enter runs the query; Docs (top left) lists every field.
{
  variants {
    id
    name
  }
}
`;

/**
 * Runs in the browser once React, ReactDOM and GraphiQL have loaded (their UMD builds set those
 * globals). The page is served at the GraphQL endpoint itself, so its own address is where queries go
 * (by POST) and, as ws(s):, where subscriptions go (graphql-ws, bundled in GraphiQL's build).
 */
export const EXPLORER_SCRIPT = `'use strict';
(function () {
  var endpoint = location.origin + location.pathname;
  var fetcher = GraphiQL.createFetcher({
    url: endpoint,
    subscriptionUrl: endpoint.replace(/^http/, 'ws'),
    // The service answers every query with one JSON result (no @defer or @stream): plain POSTs.
    enableIncrementalDelivery: false,
  });
  var explorer = React.createElement(GraphiQL, {
    fetcher: fetcher,
    defaultQuery: ${JSON.stringify(DEFAULT_QUERY)},
    // Side tokens typed in the headers pane stay in this tab, not in the browser's storage.
    shouldPersistHeaders: false,
  });
  ReactDOM.createRoot(document.getElementById('graphiql')).render(explorer);
})();
`;

/**
 * GraphiQL fills the window. The body is not `overflow: hidden` (as GraphiQL's examples have it): its
 * dialogs measure the page's scroll bar as they open, and complain on the console when there is none.
 */
export const EXPLORER_STYLE = `html, body { height: 100%; margin: 0; }
#graphiql { height: 100%; }
`;

/**
 * The page, its files named relative to it: served at `/graphql`, `graphql/explorer/…` resolves under
 * the same prefix, so the page works behind a proxy that serves the API under a path.
 */
export function explorerPage(version: string): string {
  const base = `${EXPLORER_ASSETS_PATH.slice(1)}/${version}`;
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>GraphQL explorer · Tafl rules as a service</title>
    <link rel="icon" href="data:," />
    <link rel="stylesheet" href="${base}/graphiql.min.css" />
    <link rel="stylesheet" href="${base}/explorer.css" />
  </head>
  <body>
    <div id="graphiql">Loading the GraphQL explorer…</div>
    <noscript>The explorer runs in JavaScript. GraphQL itself answers POST /graphql.</noscript>
    <script src="${base}/react.production.min.js"></script>
    <script src="${base}/react-dom.production.min.js"></script>
    <script src="${base}/graphiql.min.js"></script>
    <script src="${base}/explorer.js"></script>
  </body>
</html>
`;
}
