// The one self-contained bundle the service's pages load (dist/tafl-board.bundle.js): the components, the
// page scripts, @tafl/rules, @tafl/client and Lit inlined and minified. It is written beside tsc's output,
// so `emptyOutDir` stays off.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

export default defineConfig({
  logLevel: 'warn',
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    minify: true,
    target: 'es2022',
    sourcemap: false,
    lib: {
      entry: fileURLToPath(new URL('./src/bundle.ts', import.meta.url)),
      formats: ['es'],
      fileName: () => 'tafl-board.bundle.js',
    },
  },
});
