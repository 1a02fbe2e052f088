/**
 * The entry of dist/tafl-board.bundle.js, the one file the service's pages load: the whole package
 * (the elements register themselves) and the pages' start functions.
 */
export * from './index.js';
export { startEmbedPage } from './pages/embed-page.js';
export { startPlayPage } from './pages/play-page.js';
