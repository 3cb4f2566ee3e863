/**
 * The console's serving on the admin plane: deep links answer index.html uncached, hashed assets
 * are cached immutable, every answer carries the strict CSP, config.json names the other
 * planes, nothing outside the build is reachable, and a missing build says how to make one.
 */
import { get, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import Koa from 'koa';
import { jsonErrorMiddleware } from '../../../../../core/http/error-body.js';
import { consoleSite, type ConsoleSiteOptions } from '../../../../../core/admin/console/console-site.js';
import { recordingLog } from '../../observability/support.js';

const INDEX = '<!doctype html><html><head><script type="module" src="/console/assets/main-abc123.js"></script></head><body></body></html>';

/** An admin-plane stand-in: the error mapper, the console, then a route that says it was reached. */
async function adminWithConsole(options: ConsoleSiteOptions): Promise<{ base: string; close(): Promise<void> }> {
  const app = new Koa();
  app.use(jsonErrorMiddleware(recordingLog()));
  app.use(consoleSite(options));
  app.use(async (koa) => {
    koa.body = { reached: 'admin routes' };
  });
  const server: Server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** GET with a chosen Host header (fetch may not set one): status, headers and body. */
function getWithHost(url: string, host: string): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { host } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    }).on('error', reject);
  });
}

describe('admin console serving', () => {
  let dist: string;
  let site: { base: string; close(): Promise<void> };
  const planes = { settings: {}, ports: { admin: 8001, guardrail: 9102, proxy: 9100 } };

  before(async () => {
    dist = mkdtempSync(join(tmpdir(), 'portcullis-console-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), INDEX);
    writeFileSync(join(dist, 'assets', 'main-abc123.js'), 'console.log("console")');
    writeFileSync(join(dist, 'assets', 'main-abc123.css'), 'body{}');
    writeFileSync(join(dist, '..', 'secret-beside-dist.txt'), 'not for the browser');
    site = await adminWithConsole({ ...planes, distDir: dist });
  });
  after(async () => {
    await site?.close();
    rmSync(dist, { recursive: true, force: true });
    rmSync(join(dist, '..', 'secret-beside-dist.txt'), { force: true });
  });

  it('answers /console/ and any deep link with index.html, uncached, under the strict CSP', async () => {
    for (const path of ['/console/', '/console/gateways/1234/consumers']) {
      const response = await fetch(`${site.base}${path}`);
      expect(response.status, path).to.equal(200);
      expect(response.headers.get('content-type')).to.match(/^text\/html/);
      expect(response.headers.get('cache-control')).to.equal('no-store');
      expect(response.headers.get('x-content-type-options')).to.equal('nosniff');
      expect(response.headers.get('referrer-policy')).to.equal('no-referrer');
      expect(response.headers.get('content-security-policy')).to.equal(
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; " +
          "connect-src 'self' http://127.0.0.1:9102 http://127.0.0.1:9100; font-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
      );
      expect(await response.text()).to.equal(INDEX);
    }
  });

  it('redirects /console to /console/', async () => {
    const response = await fetch(`${site.base}/console`, { redirect: 'manual' });
    expect(response.status).to.equal(302);
    expect(response.headers.get('location')).to.equal('/console/');
  });

  it('serves hashed assets with their type, cached immutable', async () => {
    const script = await fetch(`${site.base}/console/assets/main-abc123.js`);
    expect(script.status).to.equal(200);
    expect(script.headers.get('content-type')).to.match(/^text\/javascript/);
    expect(script.headers.get('cache-control')).to.equal('public, max-age=31536000, immutable');
    expect(script.headers.get('x-content-type-options')).to.equal('nosniff');
    expect(await script.text()).to.equal('console.log("console")');
    const style = await fetch(`${site.base}/console/assets/main-abc123.css`);
    expect(style.headers.get('content-type')).to.match(/^text\/css/);
  });

  it('answers a missing asset 404 in JSON, never the page', async () => {
    const response = await fetch(`${site.base}/console/assets/gone-000.js`);
    expect(response.status).to.equal(404);
    expect(await response.json()).to.include({ error: 'not_found' });
  });

  it('never serves a file outside the build', async () => {
    for (const path of ['/console/..%2fsecret-beside-dist.txt', '/console/%2e%2e/secret-beside-dist.txt', '/console/assets/..%2f..%2fsecret-beside-dist.txt']) {
      const response = await fetch(`${site.base}${path}`);
      expect(await response.text(), path).to.not.contain('not for the browser');
    }
  });

  it('serves config.json without a token: the guardrail and proxy URLs under the request host name', async () => {
    const response = await getWithHost(`${site.base}/console/config.json`, 'console.internal:8001');
    expect(response.status).to.equal(200);
    expect(response.headers['cache-control']).to.equal('no-store');
    expect(JSON.parse(response.body)).to.deep.equal({ guardrail_url: 'http://console.internal:9102', proxy_url: 'http://console.internal:9100' });
    expect(response.headers['content-security-policy']).to.contain("connect-src 'self' http://console.internal:9102 http://console.internal:9100;");
  });

  it('refuses writes on console paths and leaves other paths to the admin routes', async () => {
    const post = await fetch(`${site.base}/console/`, { method: 'POST' });
    expect(post.status).to.equal(405);
    expect(await post.json()).to.include({ error: 'method_not_allowed' });
    expect(await (await fetch(`${site.base}/v1/consoles`)).json()).to.deep.equal({ reached: 'admin routes' });
  });

  it('says to run npm run build:console when the console is not built', async () => {
    const unbuilt = await adminWithConsole({ ...planes, distDir: join(dist, 'missing') });
    try {
      const response = await fetch(`${unbuilt.base}/console/`);
      expect(response.status).to.equal(404);
      const body = (await response.json()) as { error: string; message: string };
      expect(body.error).to.equal('not_found');
      expect(body.message).to.contain('npm run build:console');
    } finally {
      await unbuilt.close();
    }
  });
});
