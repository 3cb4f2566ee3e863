/**
 * The authorization server behind a TLS-terminating reverse proxy: with `--trust-proxy` the
 * discovery documents and the challenge of an unauthenticated MCP call name the origin clients
 * use (X-Forwarded-Proto and -Host), so a client that reached `https://gateway.example.com`
 * is sent back there; without it the forwarded headers are ignored and the plain-HTTP origin
 * of the request is used, so a client cannot move the issuer by sending them itself.
 */
import { expect } from 'chai';
import { createTestGateway, type TestGateway } from '../../../core/testing/index.js';
import { admin, startIdp, type TestIdp } from './helpers/oauth-harness.js';

const PUBLIC = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'gateway.example.com' };

describe('oauth: behind a TLS-terminating proxy (--trust-proxy)', () => {
  let idp: TestIdp;
  const gateways: TestGateway[] = [];

  /** A gateway with OAuth on a role-based consumer `agents`; `trusted` sets PORTCULLIS_TRUST_PROXY. */
  async function gatewayWithOAuth(trusted: boolean): Promise<{ proxy: string; slug: string }> {
    const gateway = await createTestGateway({ planes: ['admin', 'proxy'], env: trusted ? { PORTCULLIS_TRUST_PROXY: 'true' } : {} });
    gateways.push(gateway);
    const gw = await gateway.seed.gateway();
    await gateway.seed.consumer(gw.id, { slug: 'agents', routing_mode: 'role_based' });
    await gateway.configChanged();
    const put = await admin(gateway, 'PUT', `/v1/gateways/${gw.id}/oauth`, { issuer: idp.issuer, client_id: 'portcullis', client_secret: 'idp-secret' });
    expect(put.status, JSON.stringify(put.body)).to.equal(200);
    return { proxy: gateway.urls.proxy!, slug: gw.slug };
  }

  before(async () => {
    idp = await startIdp();
  });
  after(async () => {
    await Promise.all(gateways.map((g) => g.close()));
    await idp?.close();
  });

  it('names the public https origin in the metadata and in the MCP challenge', async () => {
    const { proxy, slug } = await gatewayWithOAuth(true);
    const metadata = (await (await fetch(`${proxy}/.well-known/oauth-authorization-server/${slug}/oauth`, { headers: PUBLIC })).json()) as Record<string, string>;
    expect(metadata.issuer).to.equal(`https://gateway.example.com/${slug}/oauth`);
    for (const endpoint of ['authorization_endpoint', 'token_endpoint', 'registration_endpoint', 'jwks_uri']) {
      expect(metadata[endpoint], endpoint).to.match(new RegExp(`^https://gateway\\.example\\.com/${slug}/oauth/`));
    }
    const resource = (await (await fetch(`${proxy}/.well-known/oauth-protected-resource/agents/mcp`, { headers: PUBLIC })).json()) as Record<string, unknown>;
    expect(resource).to.deep.include({ resource: 'https://gateway.example.com/agents/mcp', authorization_servers: [metadata.issuer] });
    const challenge = await fetch(`${proxy}/agents/mcp`, { method: 'POST', headers: { ...PUBLIC, 'content-type': 'application/json' }, body: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}' });
    expect(challenge.status).to.equal(401);
    expect(challenge.headers.get('www-authenticate')).to.contain('resource_metadata="https://gateway.example.com/.well-known/oauth-protected-resource/agents/mcp"');
  });

  it('ignores forwarded headers unless told to trust them', async () => {
    const { proxy, slug } = await gatewayWithOAuth(false);
    const metadata = (await (await fetch(`${proxy}/.well-known/oauth-authorization-server/${slug}/oauth`, { headers: PUBLIC })).json()) as Record<string, string>;
    expect(metadata.issuer).to.equal(`${proxy}/${slug}/oauth`);
    const resource = (await (await fetch(`${proxy}/.well-known/oauth-protected-resource/agents/mcp`, { headers: PUBLIC })).json()) as Record<string, unknown>;
    expect(resource.resource).to.equal(`${proxy}/agents/mcp`);
  });
});
