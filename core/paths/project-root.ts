import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The package root (the folder holding package.json and schemas/), found by walking up from
 * this file, so the same code works from source (tsx) and from dist/.
 */
function findRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(dir, 'package.json')) && existsSync(join(dir, 'schemas'))) return dir;
    const parent = dirname(dir);
    if (parent === dir) throw new Error('Portcullis package root not found');
    dir = parent;
  }
}

export const PROJECT_ROOT = findRoot();
export const SCHEMAS_DIR = join(PROJECT_ROOT, 'schemas');
