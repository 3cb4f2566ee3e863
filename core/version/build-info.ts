import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../paths/project-root.js';

const pkg = JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as { name: string; version: string };

/** What `GET /v1/version` answers on every plane. */
export const BUILD_INFO = Object.freeze({ name: pkg.name, version: pkg.version, api_version: '1.0', node: process.version });
