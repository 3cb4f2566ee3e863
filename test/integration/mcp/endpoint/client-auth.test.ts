/**
 * Client authentication on `/{slug}/mcp`, before any body is read: the consumer's `ag_` key in
 * any of the three headers; a missing or wrong key, another consumer's key and a guardrail
 * collector's `tgk_` key are 401 (the last with a message naming the right key); and
 * `X-AG-Gateway-Slug` must name the key's own gateway.
 */
import { expect } from 'chai';
import { issueKey } from '../../../../core/security/api-keys.js';
import { legacyInitialize, modernRequest, post } from './support/raw-mcp.js';
import { startEndpointWorld, type EndpointWorld } from './support/endpoint-world.js';

describe('mcp endpoint: client authentication', () => {
  let world: EndpointWorld;
  before(async () => {
    world = await startEndpointWorld();
  });
  after(async () => {
    await world?.close();
  });

  for (const name of ['x-ag-api-key', 'x-api-key', 'authorization']) {
    it(`accepts the consumer key in ${name}, in both eras`, async () => {
      const headers = { [name]: name === 'authorization' ? `Bearer ${world.key}` : world.key };
      const legacy = await world.legacyClient(headers);
      const modern = await world.modernClient(headers);
      expect((await legacy.listTools()).tools).to.have.length(3);
      expect((await modern.listTools()).tools).to.have.length(3);
    });
  }

  const refusals: Array<[string, () => Record<string, string>, RegExp]> = [
    ['no key', () => ({}), /missing or invalid API key/],
    ['a wrong ag_ key', () => ({ 'x-ag-api-key': issueKey('ag_').key }), /missing or invalid API key/],
    ['another consumer\'s key', () => ({ authorization: `Bearer ${world.otherKey}` }), /not attached to this consumer/],
    ['a tgk_ collector key', () => ({ authorization: `Bearer ${issueKey('tgk_').key}` }), /tgk_ key .* not accepted by the MCP endpoint: use the consumer's ag_ key or OAuth/],
  ];
  for (const [what, headers, message] of refusals) {
    it(`refuses ${what} with 401 and a JSON-RPC error saying why`, async () => {
      for (const body of [legacyInitialize, modernRequest('tools/list').body]) {
        const res = await post(world.url, body, headers());
        expect(res.status).to.equal(401);
        expect(res.json.jsonrpc).to.equal('2.0');
        expect(res.json.error.message).to.match(message);
        expect(res.headers.get('x-ag-trace-id')).to.be.a('string');
        // OAuth is not configured: no challenge is sent.
        expect(res.headers.get('www-authenticate')).to.equal(null);
      }
    });
  }

  it('the SDK client surfaces the tgk_ refusal', async () => {
    const error = await world.legacyClient({ authorization: `Bearer ${issueKey('tgk_').key}` }).then(() => undefined, (err: Error) => err);
    expect(error?.message).to.match(/401|use the consumer's ag_ key or OAuth/);
  });

  it('X-AG-Gateway-Slug: its own gateway is accepted, another gateway is 401', async () => {
    const own = await post(world.url, legacyInitialize, { 'x-ag-api-key': world.key, 'x-ag-gateway-slug': world.gatewaySlug });
    expect(own.status).to.equal(200);
    const other = await world.gateway.seed.gateway();
    await world.gateway.configChanged();
    const refused = await post(world.url, legacyInitialize, { 'x-ag-api-key': world.key, 'x-ag-gateway-slug': other.slug });
    expect(refused.status).to.equal(401);
    expect(refused.json.error.message).to.contain('does not belong to this gateway');
  });

  it('answers an unauthenticated request without reading its body, and closes the connection', async () => {
    // A body declared far larger than what is sent: the 401 comes without waiting for it.
    const { request } = await import('node:http');
    const answer = await new Promise<{ status?: number; connection?: string }>((resolve, reject) => {
      const req = request(world.url, { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': String(10_000_000) } }, (res) => {
        res.resume();
        resolve({ status: res.statusCode, connection: res.headers.connection });
      });
      req.on('error', reject);
      req.write('{"jsonrpc":"2.0",');
    });
    expect(answer.status).to.equal(401);
    expect(answer.connection).to.equal('close');
  });
});
