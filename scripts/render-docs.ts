/**
 * Writes the start position of every built-in variant as docs/boards/<variant-id>.png
 * (`npm run docs:boards`), 512 px in the default theme with coordinates, through the same worker pool
 * the service uses, so the pictures in the docs are the ones the API answers.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Position } from '../src/engine/position';
import { DEFAULT_IMAGE_SIZE, RenderPool, renderSvg } from '../src/render';
import { builtInVariants } from '../src/variants';

async function main(): Promise<void> {
  const root = join(__dirname, '..', '..');
  const dir = join(root, 'docs', 'boards');
  mkdirSync(dir, { recursive: true });
  const pool = new RenderPool();
  try {
    const written = await Promise.all(
      builtInVariants().map(async ({ meta, compiled }) => {
        const svg = renderSvg(compiled, Position.start(compiled), { size: DEFAULT_IMAGE_SIZE });
        const png = await pool.png(svg, DEFAULT_IMAGE_SIZE);
        if (!png.ok) throw new Error(`${meta.id}: ${png.error.code}: ${png.error.message}`);
        const file = join(dir, `${meta.id}.png`);
        writeFileSync(file, png.value);
        return `${file.slice(root.length + 1)} (${png.value.length} bytes)`;
      }),
    );
    for (const line of written) console.log(line);
  } finally {
    await pool.close();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
