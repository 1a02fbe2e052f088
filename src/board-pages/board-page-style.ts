/**
 * The stylesheet of the board pages (the components style themselves inside their shadow roots). Served
 * as a file, since the pages' CSP allows styles from the service only, not inline ones.
 */
export const PAGES_STYLE = `
:root { color-scheme: light; font: 16px/1.45 system-ui, sans-serif; color: #1b1611; background: #f7f1e6; }
body { margin: 0; }
main { max-width: 40rem; margin: 0 auto; padding: 1rem; }
body.embed { background: transparent; }
body.embed main { max-width: none; padding: 0; }
h1 { font-size: 1.5rem; margin: 0 0 1rem; }
h2 { font-size: 1.1rem; margin: 1.25rem 0 0.5rem; }
form { display: flex; flex-wrap: wrap; gap: 0.75rem; align-items: end; margin-bottom: 0.5rem; }
label { display: flex; flex-direction: column; font-size: 0.9rem; gap: 0.2rem; }
select, input, button { font: inherit; padding: 0.35rem 0.5rem; border: 1px solid #8f6a3e; border-radius: 4px; background: #fff; color: inherit; }
button { background: #5c3b1e; color: #fff; border-color: #5c3b1e; cursor: pointer; }
button:focus-visible, input:focus-visible, select:focus-visible, a:focus-visible { outline: 3px solid #1a56c4; outline-offset: 2px; }
a { color: #1a4f9c; }
#invite input { width: 100%; box-sizing: border-box; }
.notice:empty { display: none; }
.notice { background: #fff4d6; border: 1px solid #d9b65b; padding: 0.5rem; border-radius: 4px; }
[hidden] { display: none !important; }
tafl-board, tafl-game { width: 100%; max-width: 36rem; }
/* An embedded board fits its frame's height too, so a short iframe shows the whole board. */
body.embed tafl-board { max-width: min(100%, 100vh); margin: 0 auto; }
body.embed tafl-game { max-width: none; }
`;
