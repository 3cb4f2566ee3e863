/**
 * The semantic cache's embeddings call against an endpoint whose answer has no end: it reads at
 * most 8 MiB, fails (the cache then fails open) and hangs up, instead of holding the answer
 * until its timeout and growing with it.
 */
import { expect } from 'chai';
import type { RegistryView } from '../../../../core/snapshot/views.js';
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

describe('plugins/cache embeddings call', () => {
  it('fails an answer past 8 MiB and hangs up', async () => {
    const endpoint = await startEndlessServer('{"object":"list","data":[{"object":"embedding","index":0,"embedding":[0.1', ',0.1'.repeat(4096));
    try {
      const err = await embed(registryAt(endpoint.url), 'text-embedding-3-small', 'hello', 10_000, testEgress().dispatcher).catch((e: unknown) => e);
      expect((err as Error).message).to.equal('embeddings answer exceeds 8388608 bytes');
      expect(await endpoint.hungUp[0]).to.equal(true);
    } finally {
      await endpoint.close();
    }
  });
});
