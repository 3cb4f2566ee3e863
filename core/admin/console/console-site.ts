/**
 * The console on the admin plane: `dist/console/` (built by `npm run build:console`) at
 * `/console/`, with `index.html` for every path that is not a file so deep links work, and
 * `/console/config.json` telling the browser code where the guardrail and proxy planes are.
 * Served without an admin token: the pages hold no data; the console signs in to the API.
 */
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';
import type Koa from 'koa';
import { GatewayError } from '../../errors/gateway-error.js';
import { PROJECT_ROOT } from '../../paths/project-root.js';
import { consoleContentSecurityPolicy } from './content-security-policy.js';
import { consolePublicUrls, type ConsolePlanes } from './console-planes.js';

/** Where `npm run build:console` writes the console. */
export const CONSOLE_DIST_DIR = join(PROJECT_ROOT, 'dist', 'console');
export const CONSOLE_PATH = '/console';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};
/** Vite names every file under assets/ by its content hash: it never changes. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

export interface ConsoleSiteOptions extends ConsolePlanes {
  /** The built console (default `dist/console/` of the package). */
  distDir?: string;
}

/** A file under `root` named by the URL path `relative`, or undefined when it is none (or escapes root). */
async function fileUnder(root: string, relative: string): Promise<string | undefined> {
  if (!relative || relative.includes('\0')) return undefined;
  const path = resolve(root, relative);
  if (!path.startsWith(root + sep)) return undefined;
  const info = await stat(path).catch(() => undefined);
  return info?.isFile() ? path : undefined;
}

function decodedPath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    throw new GatewayError('not_found', { message: 'no such console path' });
  }
}

/** The middleware: answers every `/console` path, passes the rest on. */
export function consoleSite(options: ConsoleSiteOptions): Koa.Middleware {
  const root = resolve(options.distDir ?? CONSOLE_DIST_DIR);
  return async (koa, next) => {
    if (koa.path !== CONSOLE_PATH && !koa.path.startsWith(`${CONSOLE_PATH}/`)) return next();
    if (koa.method !== 'GET' && koa.method !== 'HEAD') throw new GatewayError('method_not_allowed', { status: 405, message: `method ${koa.method} not allowed on ${koa.path}` });
    const urls = consolePublicUrls(options, { protocol: koa.protocol, hostname: koa.hostname });
    koa.set('Content-Security-Policy', consoleContentSecurityPolicy(urls));
    koa.set('X-Content-Type-Options', 'nosniff');
    koa.set('Referrer-Policy', 'no-referrer');
    if (koa.path === CONSOLE_PATH) {
      koa.redirect(`${CONSOLE_PATH}/`);
      return;
    }
    const relative = decodedPath(koa.path.slice(CONSOLE_PATH.length + 1));
    if (relative === 'config.json') {
      koa.set('Cache-Control', 'no-store');
      koa.body = urls;
      return;
    }
    const file = await fileUnder(root, relative);
    if (file && relative !== 'index.html') {
      koa.set('Cache-Control', relative.startsWith('assets/') ? IMMUTABLE : 'no-cache');
      koa.type = CONTENT_TYPES[extname(file)] ?? 'application/octet-stream';
      koa.body = createReadStream(file);
      return;
    }
    // A missing asset is a 404, not the page: a stale page must not run HTML as a script.
    if (relative.startsWith('assets/')) throw new GatewayError('not_found', { message: `no console file ${koa.path}` });
    const index = await readFile(join(root, 'index.html'), 'utf8').catch(() => undefined);
    if (index === undefined) throw new GatewayError('not_found', { message: 'the console is not built: run npm run build:console' });
    koa.set('Cache-Control', 'no-store');
    koa.type = CONTENT_TYPES['.html'];
    koa.body = index;
  };
}
