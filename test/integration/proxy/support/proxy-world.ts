/**
 * A running test gateway (proxy plane only) with the five fake upstreams registered, and a
 * consumer bound to all five registries. Tests pin an upstream with `@{registry slug}/{model}`.
 */
import type { WireFormatId } from '../../../../core/canonical/index.js';
import type { RegistryRecord } from '../../../../core/records/types.js';
import { createTestGateway, type TestGateway, type TestGatewayOptions } from '../../../../core/testing/index.js';
import type { FakeUpstream, FakeUpstreamOptions } from '../../../fixtures/providers/fake-upstream.js';
import { FORMATS, startAllUpstreams, UPSTREAM } from './upstreams.js';

export interface ProxyWorld {
  gateway: TestGateway;
  gatewayId: string;
  gatewaySlug: string;
  upstreams: Record<WireFormatId, FakeUpstream>;
  registries: Record<WireFormatId, RegistryRecord>;
  /** The consumer bound to every registry, and its `ag_` key. */
  slug: string;
  key: string;
  consumerId: string;
  /** The consumer's proxy URL, `{proxy}/{slug}`: the base every client path is appended to. */
  base: string;
  /** Requests the five fakes have received so far, all together. */
  upstreamCalls(): number;
  /** `@{registry slug}/{model}`: pins the upstream speaking `format`. */
  pin(format: WireFormatId): string;
  close(): Promise<void>;
}

/** Starts the gateway and the fakes, and seeds the registries and the consumer. */
export async function startProxyWorld(options: { upstream?: FakeUpstreamOptions; slug?: string; gateway?: TestGatewayOptions } = {}): Promise<ProxyWorld> {
  const upstreams = await startAllUpstreams(options.upstream);
  const gateway = await createTestGateway({ ...options.gateway, planes: ['proxy'] });
  const gw = await gateway.seed.gateway();
  const registries = {} as Record<WireFormatId, RegistryRecord>;
  for (const format of FORMATS) {
    const { provider, model, slug } = UPSTREAM[format];
    registries[format] = await gateway.seed.registry(gw.id, { provider, slug, base_url: upstreams[format].url, apiKey: `up-key-${format}`, models: [model] });
  }
  const slug = options.slug ?? 'app';
  const { consumer, key } = await gateway.seed.consumer(gw.id, {
    slug,
    registries: FORMATS.map((f) => ({ registry_id: registries[f]._id, weight: 1 })),
  });
  await gateway.configChanged();
  return {
    gateway,
    gatewayId: gw.id,
    gatewaySlug: gw.slug,
    upstreams,
    registries,
    slug,
    key,
    consumerId: consumer._id,
    base: gateway.proxyUrl(slug),
    upstreamCalls: () => Object.values(upstreams).reduce((n, u) => n + u.requests.length, 0),
    pin: (format) => `@${UPSTREAM[format].slug}/${UPSTREAM[format].model}`,
    async close() {
      await gateway.close();
      await Promise.all(Object.values(upstreams).map((u) => u.close()));
    },
  };
}
