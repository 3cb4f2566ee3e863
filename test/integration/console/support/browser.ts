/**
 * The console's browser tests' one helper: finds Chromium (`PORTCULLIS_CHROMIUM`, else
 * `chromium` on PATH), builds the console when `dist/console` is missing or older than its
 * sources, starts a Portcullis and a headless browser, opens pages signed in with an admin
 * token, saves screenshots to `test/artifacts/console/`, and runs axe-core on a page.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { delimiter, join } from 'node:path';
import { expect } from 'chai';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { mintAdminToken } from '../../../../core/admin/auth/admin-token.js';
import { CONSOLE_DIST_DIR } from '../../../../core/admin/console/console-site.js';
import { PROJECT_ROOT } from '../../../../core/paths/project-root.js';
import { createTestGateway, type TestGateway, type TestGatewayOptions } from '../../../../core/testing/index.js';

/** The widths every page is checked at: a laptop and a phone. */
export const VIEWPORTS = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } } as const;
export type ViewportName = keyof typeof VIEWPORTS;

const ARTIFACTS_DIR = join(PROJECT_ROOT, 'test', 'artifacts', 'console');
const CONSOLE_SOURCES = join(PROJECT_ROOT, 'console');
/** Longest wait for one browser step: bounded, so a broken page fails instead of hanging. */
export const STEP_TIMEOUT_MS = 10_000;

/** The Chromium executable, or undefined when this machine has none. */
export function findChromium(): string | undefined {
  const configured = process.env.PORTCULLIS_CHROMIUM;
  if (configured) return existsSync(configured) ? configured : undefined;
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    for (const name of ['chromium', 'chromium-browser']) {
      const candidate = join(dir, name);
      if (dir && existsSync(candidate)) return candidate;
    }
  }
  return undefined;
}

/** The newest modification time of the files under `dir` (walked with a stack, not recursion). */
function newestMtime(dir: string): number {
  let newest = 0;
  const pending = [dir];
  while (pending.length) {
    const current = pending.pop()!;
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      if (entry.name === 'node_modules') continue;
      const path = join(current, entry.name);
      if (entry.isDirectory()) pending.push(path);
      else newest = Math.max(newest, statSync(path).mtimeMs);
    }
  }
  return newest;
}

/** Builds the console unless `dist/console` is newer than every source file. */
export function ensureConsoleBuilt(): void {
  const index = join(CONSOLE_DIST_DIR, 'index.html');
  if (existsSync(index) && statSync(index).mtimeMs >= newestMtime(CONSOLE_SOURCES)) return;
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const build = spawnSync(npm, ['run', '-s', 'build:console'], { cwd: PROJECT_ROOT, encoding: 'utf8', timeout: 120_000 });
  if (build.status !== 0) throw new Error(`npm run build:console failed: ${build.stderr || build.stdout || build.error?.message}`);
}

/** A running Portcullis with a browser pointed at its console. */
export interface ConsoleHarness {
  gateway: TestGateway;
  browser: Browser;
  /** A platform admin token for the API and for signing in. */
  adminToken: string;
  /** The console's URL (`http://127.0.0.1:PORT/console/`). */
  consoleUrl: string;
  /** A new page at a viewport, signed in, on `path` (default: the gateways). */
  signedInPage(viewport?: ViewportName, path?: string): Promise<Page>;
  /** A new page at a viewport, not signed in. */
  newPage(viewport?: ViewportName): Promise<Page>;
  /** Calls the admin API with the admin token. */
  admin<T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<T>;
  close(): Promise<void>;
}

/**
 * Starts the harness, or skips the suite with its reason printed when no Chromium is found.
 * Call from a `before` hook with its `this`.
 */
export async function startConsoleHarness(suite: Mocha.Context, options: TestGatewayOptions = {}): Promise<ConsoleHarness> {
  const executablePath = findChromium();
  if (!executablePath) {
    console.log('      skipped: no Chromium found (install Debian\'s chromium package or set PORTCULLIS_CHROMIUM)');
    suite.skip();
  }
  suite.timeout(180_000);
  ensureConsoleBuilt();
  const gateway = await createTestGateway(options);
  const browser = await chromium.launch({ executablePath, headless: true, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'], timeout: 30_000 });
  const adminToken = await mintAdminToken(gateway.jwtSecret, { sub: 'console-admin', roles: ['platform_admin'] });
  const consoleUrl = `${gateway.urls.admin}/console/`;
  const contexts: BrowserContext[] = [];
  const newPage = async (viewport: ViewportName = 'desktop') => {
    const context = await browser.newContext({ viewport: VIEWPORTS[viewport] });
    contexts.push(context);
    const page = await context.newPage();
    page.setDefaultTimeout(STEP_TIMEOUT_MS);
    watchForCspViolations(page);
    return page;
  };
  return {
    gateway, browser, adminToken, consoleUrl, newPage,
    async signedInPage(viewport = 'desktop', path = '/gateways') {
      const page = await newPage(viewport);
      await page.goto(`${gateway.urls.admin}/console${path}`);
      await signIn(page, adminToken);
      return page;
    },
    async admin<T>(method: string, path: string, body?: unknown) {
      const response = await fetch(`${gateway.urls.admin}${path}`, {
        method,
        headers: { authorization: `Bearer ${adminToken}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
      return (text ? JSON.parse(text) : undefined) as T;
    },
    async close() {
      for (const context of contexts) await context.close().catch(() => undefined);
      await browser.close();
      await gateway.close();
    },
  };
}

/** Signs in on the sign-in page with an admin token and waits for the signed-in banner. */
export async function signIn(page: Page, token: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Admin token' }).fill(token);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('button', { name: 'Sign out' }).waitFor();
}

const CSP_REPORTS = new WeakMap<Page, string[]>();

/** Records the page's Content-Security-Policy violations (the console must cause none). */
function watchForCspViolations(page: Page): void {
  const reports: string[] = [];
  CSP_REPORTS.set(page, reports);
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) reports.push(message.text());
  });
}

/** Fails when the page broke its Content-Security-Policy (an inline script or style, a foreign fetch). */
export function expectNoCspViolations(page: Page): void {
  expect(CSP_REPORTS.get(page) ?? [], 'Content-Security-Policy violations').to.deep.equal([]);
}

/** Saves a full-page screenshot as `test/artifacts/console/<name>.png` (kept by CI as an artifact). */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const path = join(ARTIFACTS_DIR, `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

/** The README's screenshot of the console. */
export const README_SCREENSHOT = join(PROJECT_ROOT, 'docs', 'images', 'console.png');

/**
 * Replaces the README's screenshot with the page as shown (the viewport, not the full page) when
 * `PORTCULLIS_UPDATE_SCREENSHOT=1`; otherwise does nothing, so test runs leave the tree clean.
 */
export async function updateReadmeScreenshot(page: Page): Promise<void> {
  if (process.env.PORTCULLIS_UPDATE_SCREENSHOT !== '1') return;
  mkdirSync(join(PROJECT_ROOT, 'docs', 'images'), { recursive: true });
  await page.screenshot({ path: README_SCREENSHOT, fullPage: false });
}

let axeSource: string | undefined;

/**
 * Runs axe-core on the page and fails on any `serious` or `critical` violation, listing each
 * rule with the elements it found. axe is evaluated through the browser's debugging protocol,
 * which the page's CSP does not govern, so the page keeps its real policy.
 */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  axeSource ??= readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  const loaded = await page.evaluate(`${axeSource}\n;typeof window.axe === 'object'`);
  expect(loaded, 'axe-core loaded into the page').to.equal(true);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: Array<{ id: string; impact?: string; help: string; nodes: Array<{ target: unknown[] }> }> }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')})`);
  });
  expect(violations.join('\n'), 'serious or critical accessibility violations').to.equal('');
}
