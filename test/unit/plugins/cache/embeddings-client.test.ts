/**
 * The semantic cache's embeddings call against an endpoint whose answer has no end: it reads at
 * most 8 MiB, fails (the cache then fails open) and hangs up, instead of holding the answer
 * until its timeout and growing with it; and it connects only where the egress policy allows.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { egressAgent } from '../../../../core/http/egress-dispatcher.js';
import { EgressPolicy, isEgressRefusal } from '../../../../core/http/egress-policy.js';
import type { RegistryView } from '../../../../core/snapshot/views.js';
import { registryHeaders, type RegistryEndpoint } from '../../../../core/plugin/registry-service.js';
import type { Dispatcher } from 'undici';
import { embed } from '../../../../plugins/cache/embeddings-client.js';
import { testEgress } from '../../../../core/testing/test-egress.js';
import { startEndlessServer } from '../../../fixtures/network/endless-answer.js';

const registryAt = (baseUrl: string) =>
  ({
    slug: 'openai-main',
    baseUrl,
    apiKey: 'sk-embeddings-0001',
    options: {},
    capabilities: new Set(['chat', 'embeddings']),
    provider: { id: 'openai', format: 'openai-chat', paths: { embeddings: '/embeddings' }, auth: { header: 'authorization', prefix: 'Bearer ' } },
  }) as unknown as RegistryView;

/** The endpoint `kit.registries.resolve` would give for that registry, reached through `dispatcher`. */
const endpointAt = (baseUrl: string, dispatcher: Dispatcher): RegistryEndpoint => {
  const registry = registryAt(baseUrl);
  return { registry, baseUrl, headers: registryHeaders(registry), dispatcher };
};

describe('plugins/cache embeddings call', () => {
  it('fails an answer past 8 MiB and hangs up', async () => {
    const endpoint = await startEndlessServer('{"object":"list","data":[{"object":"embedding","index":0,"embedding":[0.1', ',0.1'.repeat(4096));
    try {
      const err = await embed(endpointAt(endpoint.url, testEgress().dispatcher), 'text-embedding-3-small', 'hello', 10_000).catch((e: unknown) => e);
      expect((err as Error).message).to.equal('embeddings answer exceeds 8388608 bytes');
      expect(await endpoint.hungUp[0]).to.equal(true);
    } finally {
      await endpoint.close();
    }
  });

  it('goes through the egress dispatcher: an internal embeddings registry is never called with the default policy', async () => {
    let hits = 0;
    const server = createServer((_req, res) => {
      hits++;
      res.end('{"data":[{"embedding":[0.1]}]}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const agent = egressAgent(new EgressPolicy());
    try {
      const err = await embed(endpointAt(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, agent), 'text-embedding-3-small', 'hello', 5_000).catch((e: unknown) => e);
      expect(isEgressRefusal(err), String(err)).to.equal(true);
      expect(hits).to.equal(0);
    } finally {
      await agent.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
