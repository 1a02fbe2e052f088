/**
 * `npm run lint`'s check of the house plan (docs/architecture.md): no import circle between files
 * (madge), and no import from one room of src/ into another that its doors do not allow. Exits 1
 * and names each offending import.
 */
import madge from 'madge';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Which rooms each room may import from (besides itself). Files at the root of src/ compose the app. */
const DOORS = {
  engine: [],
  variants: ['engine'],
  records: ['engine', 'variants'],
  workers: [],
  render: ['engine', 'workers'],
  // The front door of the @tafl/rules package: local operations over the rooms it is built from.
  'tafl-rules': ['engine', 'variants', 'records', 'render'],
  search: ['engine', 'workers'],
  // External engines over OpenTafl's engine protocol: the codec (rules and positions in OTN) and the processes.
  engines: ['engine', 'search', 'records', 'config'],
  config: [],
  http: ['config', 'engine'],
  pictures: ['engine', 'render', 'http', 'config'],
  analysis: ['engine', 'search', 'http', 'config'],
  api: ['engine', 'variants', 'records', 'render', 'search', 'http', 'pictures', 'config', 'analysis', 'tafl-rules'],
  games: ['engine', 'variants', 'records', 'render', 'search', 'http', 'pictures', 'config', 'migrations', 'analysis', 'engines'],
  health: ['http'],
  // The pages built on @tafl/board (/embed/…, /play): HTML and the built bundle; the rules check a position.
  'board-pages': ['http', 'config', 'tafl-rules'],
  discord: ['engine', 'variants', 'records', 'render', 'search', 'http', 'pictures', 'config', 'games', 'api', 'tafl-rules'],
};

const result = await madge(`${root}src`, {
  fileExtensions: ['ts'],
  tsConfig: `${root}tsconfig.json`,
  baseDir: `${root}src`,
});
const problems = [];
for (const circle of result.circular()) problems.push(`import circle: ${circle.join(' > ')}`);
/** The room of a file of src/ (null: the files that compose the app, at the root); `migrations` beside src/. */
const roomOf = (file) => {
  if (file.startsWith('../')) return file.startsWith('../migrations/') ? 'migrations' : null;
  return file.includes('/') ? file.split('/')[0] : null;
};
for (const [file, deps] of Object.entries(result.obj())) {
  const from = file.startsWith('../') ? null : roomOf(file);
  if (from === null) continue;
  const doors = DOORS[from];
  if (doors === undefined) {
    problems.push(`src/${from}/ is not a room of the house plan: add it to docs/architecture.md and to DOORS here`);
    continue;
  }
  for (const dep of deps) {
    const to = roomOf(dep);
    if (to === null || to === from || doors.includes(to)) continue;
    problems.push(`${file} imports ${dep}: ${from} -> ${to} is not a door`);
  }
}
if (problems.length) {
  console.error(problems.join('\n'));
  process.exit(1);
}
console.log(`imports: ${Object.keys(result.obj()).length} files, no circle, every import through a door`);
