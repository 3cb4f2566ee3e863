/**
 * Legacy-era sessions live in the client's `MCP-Session-Id`, sealed (AES-256-GCM, key derived
 * from the master key): the upstream sessions opened at `initialize` come back with every request
 * of the session, on any process holding the same master key (a control plane and a data plane
 * here); a session id presented by another credential or consumer, tampered with or expired is
 * 404, and so is a session whose upstream session has expired, so the client re-initializes.
 */
import { expect } from 'chai';
import { generateMasterKey } from '../../../../core/security/secret-box.js';
import { hashKey, issueKey } from '../../../../core/security/api-keys.js';
import { MCP_SESSION_KEY_PURPOSE, SessionSeal } from '../../../../core/mcp/endpoint/session-seal.js';
import { createTestGateway, type TestGateway } from '../../../../core/testing/index.js';
import { eventually } from '../../../fixtures/processes/portcullis-process.js';
import { inSession, legacySession, modernRequest, post } from './support/raw-mcp.js';
import { startEndpointWorld, type EndpointWorld } from './support/endpoint-world.js';
import { ToolkitDouble } from './support/toolkit-double.js';

const MASTER_KEY = generateMasterKey();
const CLUSTER_TOKEN = 'mcp-sessions-cluster-token-for-tests-0123456789';
const callSearch = { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'docs__search', arguments: { q: 'anywhere' } } };

describe('mcp endpoint: sealed legacy sessions', () => {
  let world: EndpointWorld;
  let seal: SessionSeal;
  let consumerId: string;
  before(async () => {
    world = await startEndpointWorld({ env: { PORTCULLIS_MASTER_KEY: MASTER_KEY, PORTCULLIS_CLUSTER_TOKEN: CLUSTER_TOKEN } });
    seal = new SessionSeal(world.gateway.secretBox.deriveKey(MCP_SESSION_KEY_PURPOSE));
    consumerId = world.gateway.holder.current.consumer(world.gatewayId, 'agent')!.id;
  });
  after(async () => {
    await world?.close();
  });

  it('the upstream sessions opened at initialize reach the toolkit with each request of the session, and no modern request carries any', async () => {
    const session = await legacySession(world.url, world.key);
    const sealed = seal.open(session)!;
    expect(sealed.consumerId).to.equal(consumerId);
    expect(sealed.protocolVersion).to.equal('2025-11-25');
    expect(Object.keys(sealed.upstream)).to.deep.equal(['registry-a']);
    const res = await post(world.url, callSearch, inSession(world.key, session));
    expect(res.status).to.equal(200);
    expect(world.toolkit.sessionsSeen.at(-1)).to.deep.equal(sealed.upstream);
    const modern = modernRequest('tools/list');
    expect((await post(world.url, modern.body, { ...modern.headers, 'x-ag-api-key': world.key })).status).to.equal(200);
    expect(world.toolkit.sessionsSeen.at(-1)).to.equal(undefined);
  });

  it('another credential of the same consumer, or another consumer, cannot use the session (404)', async () => {
    const session = await legacySession(world.url, world.key);
    const second = issueKey('ag_');
    await world.gateway.seed.auth(world.gatewayId, { type: 'api_key', key_hash: hashKey(second.key), key_prefix: second.prefix, key_last4: second.last4 } as never, [consumerId]);
    await world.gateway.configChanged();
    expect((await legacySession(world.url, second.key)).length).to.be.greaterThan(0);
    expect((await post(world.url, callSearch, inSession(second.key, session))).status).to.equal(404);
    const otherUrl = world.url.replace('/agent/mcp', '/other/mcp');
    expect((await post(otherUrl, callSearch, inSession(world.otherKey, session))).status).to.equal(404);
  });

  it('an expired session id is 404; a fresh one sealed with the same key is served', async () => {
    const authId = world.gateway.holder.current.authByKeyHash(hashKey(world.key))!._id;
    const base = { consumerId, authId, protocolVersion: '2025-11-25', upstream: {} };
    const expired = seal.seal({ ...base, issuedAt: Date.now() - 25 * 60 * 60 * 1000 });
    expect((await post(world.url, callSearch, inSession(world.key, expired))).status).to.equal(404);
    const fresh = seal.seal({ ...base, issuedAt: Date.now() });
    expect((await post(world.url, callSearch, inSession(world.key, fresh))).status).to.equal(200);
  });

  it('a session sealed under another master key is 404', async () => {
    const authId = world.gateway.holder.current.authByKeyHash(hashKey(world.key))!._id;
    const foreign = new SessionSeal(Buffer.alloc(32, 7)).seal({ consumerId, authId, protocolVersion: '2025-11-25', issuedAt: Date.now(), upstream: {} });
    expect((await post(world.url, callSearch, inSession(world.key, foreign))).status).to.equal(404);
  });

  it('an upstream session that has expired makes the request 404, so the client re-initializes', async () => {
    const session = await legacySession(world.url, world.key);
    world.toolkit.expired.add(seal.open(session)!.upstream['registry-a']!);
    const res = await post(world.url, callSearch, inSession(world.key, session));
    expect(res.status).to.equal(404);
    expect(res.json.error.message).to.contain('initialize a new session');
  });

  describe('across processes with the same master key', () => {
    let dataPlane: TestGateway;
    let dataToolkit: ToolkitDouble;
    before(async () => {
      dataToolkit = new ToolkitDouble({ docs: world.upstreams[0]!.url, tickets: world.upstreams[1]!.url });
      dataPlane = await createTestGateway({
        planes: ['proxy'],
        mcpToolkit: dataToolkit,
        env: { PORTCULLIS_CONTROL_PLANE_URL: world.gateway.urls.admin!, PORTCULLIS_MASTER_KEY: MASTER_KEY, PORTCULLIS_CLUSTER_TOKEN: CLUSTER_TOKEN, PORTCULLIS_SYNC_HEARTBEAT_MS: '300' },
      });
      await eventually(async () => !!dataPlane.holder.current.consumer(world.gatewayId, 'agent'), 'the data plane to receive the consumer');
    });
    after(async () => {
      await dataPlane?.close();
    });

    it('a session initialized on one process is served by the other, its upstream sessions intact, both ways', async () => {
      const dataUrl = `${dataPlane.proxyUrl('agent')}/mcp`;
      for (const [from, to, toolkit] of [[world.url, dataUrl, dataToolkit], [dataUrl, world.url, world.toolkit]] as const) {
        const session = await legacySession(from, world.key);
        const res = await post(to, callSearch, inSession(world.key, session));
        expect(res.status).to.equal(200);
        expect(JSON.parse(res.json.result.content[0].text)).to.deep.equal({ tool: 'search', arguments: { q: 'anywhere' } });
        expect(toolkit.sessionsSeen.at(-1)).to.deep.equal(seal.open(session)!.upstream);
      }
    });
  });
});
