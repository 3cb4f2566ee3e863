/**
 * The egress dispatcher checks each connection it opens: a literal internal address is refused
 * before connecting, a host name on the address it resolves to at connect time (DNS rebinding,
 * through an injected resolver), and a redirect a fetch follows connects through the same check.
 * An allow-listed range or host name is reached. Health checks use it too.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { request } from 'undici';
import { egressAgent, egressFetch } from '../../../../core/http/egress-dispatcher.js';
import { EgressPolicy, isEgressRefusal } from '../../../../core/http/egress-policy.js';
import { probe } from '../../../../core/proxy/health/health-probe.js';
import type { RegistryView } from '../../../../core/snapshot/views.js';
import { resolvingToLoopback } from '../../../fixtures/network/fake-lookup.js';

describe('core/http egress dispatcher', () => {
  let server: Server;
  let hits = 0;
  let port: number;
  let redirectTo = '';

  before(async () => {
    server = createServer((req, res) => {
      hits++;
      if (req.url === '/redirect') res.writeHead(302, { location: redirectTo }).end();
      else res.end('internal');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  after(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const refusalOf = async (url: string, policy: EgressPolicy) => {
    const agent = egressAgent(policy);
    try {
      await request(url, { dispatcher: agent });
      return undefined;
    } catch (err) {
      return err as Error;
    } finally {
      await agent.close();
    }
  };

  it('refuses a literal loopback address before connecting', async () => {
    const before = hits;
    const err = await refusalOf(`http://127.0.0.1:${port}/`, new EgressPolicy());
    expect(isEgressRefusal(err)).to.equal(true);
    expect(err!.message).to.contain('egress policy').and.contain('loopback');
    expect(hits).to.equal(before);
  });

  it('refuses a host name that resolves to a loopback address at connect time (DNS rebinding)', async () => {
    const before = hits;
    const err = await refusalOf(`http://rebind.example:${port}/`, new EgressPolicy({ lookup: resolvingToLoopback }));
    expect(isEgressRefusal(err), String(err)).to.equal(true);
    expect(err!.message).to.contain('rebind.example').and.contain('loopback');
    expect(hits).to.equal(before);
  });

  it('reaches an allow-listed range and an allow-listed host name', async () => {
    const before = hits;
    expect(await refusalOf(`http://127.0.0.1:${port}/`, new EgressPolicy({ allow: ['127.0.0.0/8'] }))).to.equal(undefined);
    expect(await refusalOf(`http://llm.internal:${port}/`, new EgressPolicy({ allow: ['llm.internal'], lookup: resolvingToLoopback }))).to.equal(undefined);
    expect(hits).to.equal(before + 2);
  });

  it('a followed redirect from an allowed host to an internal address is refused, and the target never reached', async () => {
    const agent = egressAgent(new EgressPolicy({ allow: ['idp.example'], lookup: resolvingToLoopback }));
    redirectTo = `http://127.0.0.1:${port}/target`;
    const before = hits;
    try {
      const err = await egressFetch(agent)(`http://idp.example:${port}/redirect`).then(() => undefined, (e: unknown) => e);
      expect(isEgressRefusal(err), String(err)).to.equal(true);
      expect(hits).to.equal(before + 1);
    } finally {
      await agent.close();
    }
  });

  it('a registry health check pointing inside is never sent and fails', async () => {
    const agent = egressAgent(new EgressPolicy());
    const before = hits;
    try {
      const registry = { baseUrl: `http://127.0.0.1:${port}`, provider: undefined } as unknown as RegistryView;
      expect(await probe(registry, { path: '/health', timeout_ms: 2_000 } as never, agent)).to.equal(false);
      expect(hits).to.equal(before);
    } finally {
      await agent.close();
    }
  });
});
