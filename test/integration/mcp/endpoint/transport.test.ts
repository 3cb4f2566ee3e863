/**
 * Streamable HTTP wire details of `/{slug}/mcp`, per protocol era: notifications 202; GET and
 * DELETE 405 in the modern era; legacy requests need the session id (400) and an unknown one is
 * 404; a modern request whose `Mcp-Method` or `Mcp-Name` header disagrees with its body is 400
 * with -32020; an oversize body 413; a foreign `Origin` 403; every answer carries X-AG-Trace-Id.
 */
import { request } from 'node:http';
import { expect } from 'chai';
import { DEFAULT_BODY_LIMIT } from '../../../../core/http/read-body.js';
import { inSession, legacyInitialize, legacySession, LEGACY, MODERN, modernRequest, post } from './support/raw-mcp.js';
import { startEndpointWorld, type EndpointWorld } from './support/endpoint-world.js';

describe('mcp endpoint: transport details', () => {
  let world: EndpointWorld;
  let key: Record<string, string>;
  before(async () => {
    world = await startEndpointWorld();
    key = { 'x-ag-api-key': world.key };
  });
  after(async () => {
    await world?.close();
  });

  describe('legacy era (2025-11-25)', () => {
    it('initialize answers JSON with an MCP-Session-Id and the trace id', async () => {
      const res = await post(world.url, legacyInitialize, key);
      expect(res.status).to.equal(200);
      expect(res.headers.get('content-type')).to.contain('application/json');
      expect(res.json.result.protocolVersion).to.equal(LEGACY);
      expect(res.json.result.capabilities.tools).to.deep.equal({ listChanged: true });
      expect(res.headers.get('mcp-session-id')).to.match(/^[A-Za-z0-9_-]{40,}$/);
      expect(res.headers.get('x-ag-trace-id')).to.match(/^[0-9a-f-]{36}$/);
    });

    it('a notification is 202', async () => {
      const session = await legacySession(world.url, world.key);
      const res = await post(world.url, { jsonrpc: '2.0', method: 'notifications/initialized' }, inSession(world.key, session));
      expect(res.status).to.equal(202);
    });

    it('a request without the session id is 400; an unknown or tampered one 404', async () => {
      const list = { jsonrpc: '2.0', id: 1, method: 'tools/list' };
      expect((await post(world.url, list, { ...key, 'mcp-protocol-version': LEGACY })).status).to.equal(400);
      const session = await legacySession(world.url, world.key);
      const tampered = session.slice(0, 20) + (session[20] === 'A' ? 'B' : 'A') + session.slice(21);
      for (const id of ['not-a-session', tampered]) {
        const res = await post(world.url, list, inSession(world.key, id));
        expect(res.status, id).to.equal(404);
        expect(res.json.error.code).to.equal(-32001);
      }
      expect((await post(world.url, list, inSession(world.key, session))).status).to.equal(200);
    });

    it('an unsupported MCP-Protocol-Version is 400', async () => {
      const session = await legacySession(world.url, world.key);
      const res = await post(world.url, { jsonrpc: '2.0', id: 1, method: 'tools/list' }, { ...inSession(world.key, session), 'mcp-protocol-version': '1999-01-01' });
      expect(res.status).to.equal(400);
    });

    it('GET with the session id opens an SSE stream; without one it is 400', async () => {
      const session = await legacySession(world.url, world.key);
      const controller = new AbortController();
      const res = await fetch(world.url, { headers: { ...inSession(world.key, session), accept: 'text/event-stream' }, signal: controller.signal });
      expect(res.status).to.equal(200);
      expect(res.headers.get('content-type')).to.equal('text/event-stream');
      expect(res.headers.get('x-ag-trace-id')).to.be.a('string');
      controller.abort();
      const bare = await fetch(world.url, { headers: { ...key, accept: 'text/event-stream' } });
      expect(bare.status).to.equal(400);
    });

    it('DELETE ends the upstream sessions sealed in the session id', async () => {
      const init = await post(world.url, legacyInitialize, key);
      const session = init.headers.get('mcp-session-id')!;
      const before = world.toolkit.closed.length;
      const res = await fetch(world.url, { method: 'DELETE', headers: inSession(world.key, session) });
      expect(res.status).to.equal(200);
      expect(world.toolkit.closed.length).to.equal(before + 1);
      expect(Object.keys(world.toolkit.closed.at(-1)!)).to.deep.equal(['registry-a']);
    });
  });

  describe('modern era (2026-07-28)', () => {
    it('server/discover answers the revision and the tools capability', async () => {
      const { body, headers } = modernRequest('server/discover');
      const res = await post(world.url, body, { ...headers, ...key });
      expect(res.status).to.equal(200);
      expect(res.json.result.supportedVersions).to.include(MODERN);
      expect(res.json.result.capabilities.tools).to.deep.equal({ listChanged: true });
      expect(res.headers.get('mcp-session-id')).to.equal(null);
    });

    it('an Mcp-Method or Mcp-Name header that disagrees with the body is 400 with -32020', async () => {
      const list = modernRequest('tools/list');
      const wrongMethod = await post(world.url, list.body, { ...list.headers, ...key, 'mcp-method': 'tools/call' });
      expect(wrongMethod.status).to.equal(400);
      expect(wrongMethod.json.error.code).to.equal(-32020);
      const call = modernRequest('tools/call', { name: 'docs__search', arguments: { q: 'x' } });
      const wrongName = await post(world.url, call.body, { ...call.headers, ...key, 'mcp-name': 'tickets__open_ticket' });
      expect(wrongName.status).to.equal(400);
      expect(wrongName.json.error.code).to.equal(-32020);
      expect((await post(world.url, call.body, { ...call.headers, ...key })).status).to.equal(200);
    });

    it('GET and DELETE are 405', async () => {
      for (const method of ['GET', 'DELETE']) {
        const res = await fetch(world.url, { method, headers: { ...key, 'mcp-protocol-version': MODERN, accept: 'text/event-stream' } });
        expect(res.status, method).to.equal(405);
        expect(res.headers.get('allow')).to.equal('POST');
      }
    });
  });

  it('another method is 405', async () => {
    const res = await fetch(world.url, { method: 'PUT', headers: key, body: '{}' });
    expect(res.status).to.equal(405);
  });

  it('a body that is not JSON is 400 with the JSON-RPC parse error', async () => {
    const res = await post(world.url, '{"jsonrpc":', key);
    expect(res.status).to.equal(400);
    expect(res.json.error.code).to.equal(-32700);
  });

  it('a body over the proxy\'s limit is 413', async () => {
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const req = request(world.url, { method: 'POST', headers: { ...key, 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'content-length': String(DEFAULT_BODY_LIMIT + 1) } }, (res) => {
        res.resume();
        resolve(res.statusCode);
      });
      req.on('error', reject);
      req.write('{"jsonrpc":"2.0"');
    });
    expect(status).to.equal(413);
  });

  it('a foreign Origin is 403; the endpoint\'s own origin is served', async () => {
    const foreign = await post(world.url, legacyInitialize, { ...key, origin: 'https://evil.example' });
    expect(foreign.status).to.equal(403);
    expect(foreign.json.error.message).to.contain('origin');
    const own = await post(world.url, legacyInitialize, { ...key, origin: new URL(world.url).origin });
    expect(own.status).to.equal(200);
  });

  it('a path below /mcp is 404', async () => {
    const res = await post(`${world.url}/extra`, legacyInitialize, key);
    expect(res.status).to.equal(404);
  });
});
