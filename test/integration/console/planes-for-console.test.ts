/**
 * What the console needs from a running Portcullis, without a browser: `/console/config.json`
 * on the admin plane (no token) names the guardrail and proxy planes, overridable for a reverse
 * proxy; the guardrail and proxy planes answer CORS for the console's origin only, with no
 * credentials mode, and expose the headers the console reads.
 */
import { expect } from 'chai';
import { mintAdminToken } from '../../../core/admin/auth/admin-token.js';
import { createTestGateway, type TestGateway } from '../../../core/testing/index.js';

function preflight(url: string, origin: string, method = 'POST'): Promise<Response> {
  return fetch(url, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': 'authorization, content-type' } });
}

describe('console: config.json and CORS on the other planes', () => {
  let gw: TestGateway;
  let consoleOrigin: string;
  before(async () => {
    gw = await createTestGateway();
    consoleOrigin = gw.urls.admin!;
  });
  after(() => gw?.close());

  it('config.json names the guardrail and proxy planes under the host the browser used, without a token', async () => {
    const response = await fetch(`${gw.urls.admin}/console/config.json`);
    expect(response.status).to.equal(200);
    expect(response.headers.get('cache-control')).to.equal('no-store');
    expect(await response.json()).to.deep.equal({ guardrail_url: gw.urls.guardrail, proxy_url: gw.urls.proxy });
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).to.contain(`connect-src 'self' ${gw.urls.guardrail} ${gw.urls.proxy};`);
  });

  it('the guardrail plane answers a preflight from the console origin for Authorization and Content-Type, without credentials mode', async () => {
    const response = await preflight(`${gw.urls.guardrail}/v1/collectors`, consoleOrigin);
    expect(response.status).to.equal(204);
    expect(response.headers.get('access-control-allow-origin')).to.equal(consoleOrigin);
    expect(response.headers.get('access-control-allow-headers')).to.equal('Authorization, Content-Type');
    expect(response.headers.get('access-control-allow-methods')).to.contain('PATCH');
    expect(response.headers.get('access-control-allow-credentials')).to.equal(null);
    expect(response.headers.get('vary')).to.contain('Origin');
  });

  it('a guardrail answer to the console origin, errors included, is readable and exposes the request id', async () => {
    const token = await mintAdminToken(gw.jwtSecret, { sub: 'console-test', roles: ['platform_admin'] });
    const listed = await fetch(`${gw.urls.guardrail}/v1/collectors`, { headers: { origin: consoleOrigin, authorization: `Bearer ${token}` } });
    expect(listed.status).to.equal(200);
    expect(listed.headers.get('access-control-allow-origin')).to.equal(consoleOrigin);
    expect(listed.headers.get('access-control-expose-headers')).to.contain('X-Request-Id');
    const refused = await fetch(`${gw.urls.guardrail}/v1/collectors`, { headers: { origin: consoleOrigin } });
    expect(refused.status).to.equal(401);
    expect(refused.headers.get('access-control-allow-origin')).to.equal(consoleOrigin);
  });

  it('the proxy plane answers the console origin and exposes X-AG-Trace-Id', async () => {
    const ok = await preflight(`${gw.urls.proxy}/app/v1/chat/completions`, consoleOrigin);
    expect(ok.status).to.equal(204);
    expect(ok.headers.get('access-control-allow-origin')).to.equal(consoleOrigin);
    const answer = await fetch(`${gw.urls.proxy}/app/v1/chat/completions`, { method: 'POST', headers: { origin: consoleOrigin, 'content-type': 'application/json' }, body: '{}' });
    expect(answer.headers.get('access-control-allow-origin')).to.equal(consoleOrigin);
    expect(answer.headers.get('access-control-expose-headers')).to.contain('X-AG-Trace-Id');
  });

  it('any other origin gets no CORS answer on either plane', async () => {
    for (const url of [`${gw.urls.guardrail}/v1/collectors`, `${gw.urls.proxy}/app/v1/chat/completions`]) {
      const response = await preflight(url, 'http://evil.example');
      expect(response.headers.get('access-control-allow-origin'), url).to.equal(null);
      const sameHostOtherPort = await preflight(url, `http://127.0.0.1:1`);
      expect(sameHostOtherPort.headers.get('access-control-allow-origin'), url).to.equal(null);
    }
  });
});

describe('console: public URLs and console origin from settings', () => {
  let gw: TestGateway;
  before(async () => {
    gw = await createTestGateway({
      env: {
        PORTCULLIS_PUBLIC_GUARDRAIL_URL: 'https://guardrail.example.test',
        PORTCULLIS_PUBLIC_PROXY_URL: 'https://llm.example.test/',
        PORTCULLIS_CONSOLE_ORIGIN: 'https://console.example.test',
      },
    });
  });
  after(() => gw?.close());

  it('config.json and the CSP name the configured public URLs', async () => {
    const response = await fetch(`${gw.urls.admin}/console/config.json`);
    expect(await response.json()).to.deep.equal({ guardrail_url: 'https://guardrail.example.test', proxy_url: 'https://llm.example.test' });
    expect(response.headers.get('content-security-policy')).to.contain("connect-src 'self' https://guardrail.example.test https://llm.example.test;");
  });

  it('CORS answers the configured console origin and no longer the admin plane origin', async () => {
    const configured = await preflight(`${gw.urls.guardrail}/v1/collectors`, 'https://console.example.test');
    expect(configured.headers.get('access-control-allow-origin')).to.equal('https://console.example.test');
    const admin = await preflight(`${gw.urls.guardrail}/v1/collectors`, gw.urls.admin!);
    expect(admin.headers.get('access-control-allow-origin')).to.equal(null);
  });
});
