/**
 * The script of the service's embed pages (/embed/games/{id}, /embed/position). The page's HTML names
 * the game or position; a side's token never is in it: it may come in the URL's fragment
 * (`#token=…`), which browsers do not send to the service, so it is not logged or cached anywhere.
 */
export function startEmbedPage(doc: Document = document): void {
  const fragment = new URLSearchParams(doc.location.hash.replace(/^#/, ''));
  const token = fragment.get('token');
  for (const game of doc.querySelectorAll('tafl-game')) {
    game.setAttribute('base-url', doc.location.origin);
    if (token) game.setAttribute('token', token);
    const orientation = fragment.get('orientation');
    if (orientation) game.setAttribute('orientation', orientation);
  }
}
