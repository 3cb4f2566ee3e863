/**
 * A running gateway with one fake OpenAI upstream, one consumer and its key, for policy access
 * tests: `attach(type, settings)` adds a policy to the consumer (replacing the previous one),
 * `client()` is an OpenAI SDK client on the consumer's proxy URL.
 */
import OpenAI from 'openai';
import type { CounterStore } from '../../../../core/plugin/counters.js';
import { COLLECTIONS, type PolicyRecord, type RegistryRecord } from '../../../../core/records/types.js';
import { createTestGateway, type TestGateway } from '../../../../core/testing/index.js';
import type { FakeUpstreamOptions } from '../../../fixtures/providers/fake-upstream.js';
import { startFakeOpenAI, type FakeOpenAI, type ScriptedRoute } from '../../../fixtures/providers/openai/server.js';

export interface PolicyGateway {
  gateway: TestGateway;
  upstream: FakeOpenAI;
  gatewayId: string;
  consumerId: string;
  registry: RegistryRecord;
  key: string;
  /** Attaches a policy to the consumer, detaching the ones attached before (unless `keep`). */
  attach(type: string, settings: Record<string, unknown>, options?: { keep?: boolean; priority?: number }): Promise<PolicyRecord>;
  /** An OpenAI client on the consumer (no retries). */
  client(headers?: Record<string, string>): OpenAI;
  /** Upstream requests received so far. */
  upstreamCalls(): number;
  close(): Promise<void>;
}

export interface PolicyGatewayOptions {
  upstream?: FakeUpstreamOptions & { routes?: ScriptedRoute[] };
  counters?: CounterStore;
  /** Registry fields (models, options.prices ...). */
  registry?: Partial<RegistryRecord>;
  consumerSlug?: string;
}

export async function startPolicyGateway(options: PolicyGatewayOptions = {}): Promise<PolicyGateway> {
  const upstream = await startFakeOpenAI(options.upstream);
  const gateway = await createTestGateway({ planes: ['proxy'], counters: options.counters });
  const gatewayId = (await gateway.seed.gateway()).id;
  const registry = await gateway.seed.registry(gatewayId, {
    provider: 'openai',
    slug: 'openai-main',
    base_url: upstream.url,
    apiKey: 'sk-upstream',
    models: ['gpt-4o-mini', 'gpt-4o'],
    ...options.registry,
  });
  const slug = options.consumerSlug ?? 'app';
  const { consumer, key } = await gateway.seed.consumer(gatewayId, { slug, registries: [{ registry_id: registry._id, weight: 1 }] });
  await gateway.configChanged();
  let attached: string[] = [];
  return {
    gateway,
    upstream,
    gatewayId,
    consumerId: consumer._id,
    registry,
    key,
    async attach(type, settings, attachOptions = {}) {
      if (!attachOptions.keep) {
        for (const id of attached) await gateway.seed.update(COLLECTIONS.policies, id, { $set: { enabled: false } });
        attached = [];
      }
      const policy = await gateway.seed.policy(gatewayId, { type, settings, priority: attachOptions.priority ?? 100 }, [consumer._id]);
      attached.push(policy._id);
      await gateway.configChanged();
      return policy;
    },
    client: (headers = {}) => new OpenAI({ apiKey: key, baseURL: `${gateway.proxyUrl(slug)}/v1`, maxRetries: 0, defaultHeaders: headers }),
    upstreamCalls: () => upstream.requests.filter((r) => r.path.endsWith('/chat/completions')).length,
    async close() {
      await gateway.close();
      await upstream.close();
    },
  };
}

/** Waits for work done after the response (settle, cache store) to finish. */
export const afterResponse = (ms = 60) => new Promise((resolve) => setTimeout(resolve, ms));
