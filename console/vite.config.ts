/**
 * Builds the console into `dist/console/`, which the admin plane serves at `/console/`. The
 * output is external files only (no inline script or style), as the console's CSP requires.
 */
import { fileURLToPath } from 'node:url';
import preact from '@preact/preset-vite';
import { defineConfig } from 'vite';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/console/',
  plugins: [preact()],
  build: {
    outDir: fileURLToPath(new URL('../dist/console', import.meta.url)),
    emptyOutDir: true,
    // The preload polyfill would be the only inline-looking script; every target browser has modulepreload.
    modulePreload: { polyfill: false },
    // No data: URLs for scripts or styles: every asset is a hashed file.
    assetsInlineLimit: 0,
    target: 'es2022',
  },
});
