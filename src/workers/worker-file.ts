/**
 * Where a worker thread's compiled script is, for the pools of the rooms that run workers (render,
 * search): beside the pool when it runs compiled, else under the project's dist/ (tests run the
 * TypeScript sources, whose workers must still be the built JavaScript).
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

function projectRoot(from: string): string | null {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) return null;
  }
}

/** `poolDir`: the pool module's own directory; `room`: its folder under src/; `name`: the worker's file. */
export function compiledWorkerFile(poolDir: string, room: string, name: string): string {
  const sibling = join(poolDir, name);
  if (existsSync(sibling)) return sibling;
  return join(projectRoot(poolDir) ?? process.cwd(), 'dist', 'src', room, name);
}
