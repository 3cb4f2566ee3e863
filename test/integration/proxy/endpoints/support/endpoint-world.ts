/**
 * A gateway with one fake upstream per kind of registry the non-chat routes meet, all on
 * 127.0.0.1: two OpenAI registries, the cloud-hosted variant (deployment paths), a custom
 * OpenAI-compatible endpoint, an aggregator, Cohere, Gemini, Together, Anthropic, and a
 * chat-only provider. Every OpenAI-shaped fake serves every OpenAI route, so a request sent
 * where it should not go is answered and shows up in that fake's `requests`.
 */
import OpenAI from 'openai';
import type { ConsumerRecord, RegistryRecord } from '../../../../../core/records/types.js';
import { createTestGateway, type TestGateway, type TestGatewayOptions } from '../../../../../core/testing/index.js';
import { anthropicFilesRoutes } from '../../../../fixtures/providers/anthropic/files-route.js';
import { startFakeCohere } from '../../../../fixtures/providers/cohere/server.js';
import { cohereEmbedRoute } from '../../../../fixtures/providers/cohere/embed-route.js';
import { cohereRerankRoute } from '../../../../fixtures/providers/cohere/rerank-route.js';
import { geminiEmbeddingsRoute } from '../../../../fixtures/providers/gemini/embeddings-route.js';
import { audioRoutes } from '../../../../fixtures/providers/openai/audio-route.js';
import { embeddingsRoutes } from '../../../../fixtures/providers/openai/embeddings-route.js';
import { openAIFilesRoutes } from '../../../../fixtures/providers/openai/files-route.js';
import { imagesRoutes } from '../../../../fixtures/providers/openai/images-route.js';
import { startFakeOpenAI } from '../../../../fixtures/providers/openai/server.js';
import { startScriptedServer, type ScriptedUpstream } from '../../../../fixtures/providers/scripted-http-server.js';
import { togetherRerankRoute } from '../../../../fixtures/providers/together/rerank-route.js';

/** Registry slug -> its fake. */
export type FakeName = 'oa' | 'oa2' | 'az' | 'custom' | 'router' | 'co' | 'gem' | 'tg' | 'ant' | 'ds';

export interface EndpointConsumer {
  key: string;
  /** `http://127.0.0.1:PORT/{slug}` */
  base: string;
  /** The official SDK pointed at the gateway (no retries). */
  client: OpenAI;
  consumer: ConsumerRecord;
}

export interface EndpointWorld {
  gateway: TestGateway;
  gatewayId: string;
  fakes: Record<FakeName, ScriptedUpstream>;
  registries: Record<FakeName, RegistryRecord>;
  /** A consumer bound to the named registries (weight 1 each unless `extra.registries` is given). */
  consumer(slug: string, bound: FakeName[], extra?: Partial<ConsumerRecord>): Promise<EndpointConsumer>;
  /** Requests a fake received on paths matching `path`. */
  hits(name: FakeName, path?: RegExp): number;
  close(): Promise<void>;
}

/** Every OpenAI route the non-chat operations use, with a fresh files store. */
const openAIRoutes = (idPrefix: string) => [...embeddingsRoutes, ...imagesRoutes, ...audioRoutes, ...openAIFilesRoutes(idPrefix)];

/** The deployments of the cloud-hosted registry: model -> deployment name. */
export const DEPLOYMENTS: Readonly<Record<string, string>> = {
  'gpt-image-1': 'img-deploy',
  'text-embedding-3-small': 'emb-deploy',
  'whisper-1': 'whisper-deploy',
  'tts-1': 'tts-deploy',
};

export async function startEndpointWorld(options: TestGatewayOptions = {}): Promise<EndpointWorld> {
  const gateway = await createTestGateway({ planes: ['proxy'], ...options });
  const gatewayId = (await gateway.seed.gateway()).id;
  const fakes: Record<FakeName, ScriptedUpstream> = {
    oa: await startFakeOpenAI({ routes: openAIRoutes('oa') }),
    oa2: await startFakeOpenAI({ routes: openAIRoutes('oa2') }),
    az: await startFakeOpenAI({ routes: openAIRoutes('az') }),
    custom: await startFakeOpenAI({ routes: openAIRoutes('custom') }),
    router: await startFakeOpenAI({ routes: openAIRoutes('router') }),
    co: await startFakeCohere({ routes: [cohereEmbedRoute, cohereRerankRoute] }),
    gem: await startScriptedServer({ name: 'gemini', basePath: '', routes: [geminiEmbeddingsRoute], notFound: () => ({ error: { code: 404, message: 'Not Found', status: 'NOT_FOUND' } }) }),
    tg: await startScriptedServer({ name: 'together', basePath: '/v1', routes: [togetherRerankRoute, ...openAIRoutes('tg')], notFound: () => ({ error: { message: 'Not Found' } }) }),
    ant: await startScriptedServer({ name: 'anthropic', basePath: '', routes: anthropicFilesRoutes(), notFound: () => ({ type: 'error', error: { type: 'not_found_error', message: 'Not Found' } }) }),
    ds: await startFakeOpenAI({ routes: openAIRoutes('ds') }),
  };
  const registry = (slug: FakeName, provider: string, base_url: string, fields: Partial<RegistryRecord> = {}) =>
    gateway.seed.registry(gatewayId, { provider, slug, base_url, apiKey: `key-${slug}`, ...fields });
  const registries: Record<FakeName, RegistryRecord> = {
    oa: await registry('oa', 'openai', fakes.oa.url),
    oa2: await registry('oa2', 'openai', fakes.oa2.url),
    az: await registry('az', 'azure-openai', fakes.az.origin, { options: { deployments: { ...DEPLOYMENTS } } }),
    custom: await registry('custom', 'openai-compatible', fakes.custom.url),
    router: await registry('router', 'openrouter', fakes.router.url),
    co: await registry('co', 'cohere', fakes.co.url),
    gem: await registry('gem', 'gemini', fakes.gem.url),
    tg: await registry('tg', 'together', fakes.tg.url),
    ant: await registry('ant', 'anthropic', fakes.ant.url),
    ds: await registry('ds', 'deepseek', fakes.ds.url),
  };
  return {
    gateway,
    gatewayId,
    fakes,
    registries,
    async consumer(slug, bound, extra = {}) {
      const { consumer, key } = await gateway.seed.consumer(gatewayId, {
        slug,
        registries: bound.map((name) => ({ registry_id: registries[name]._id, weight: 1 })),
        ...extra,
      });
      await gateway.configChanged();
      const base = gateway.proxyUrl(slug);
      return { key, base, consumer, client: new OpenAI({ apiKey: key, baseURL: `${base}/v1`, maxRetries: 0, timeout: 15_000 }) };
    },
    hits: (name, path) => fakes[name].requests.filter((r) => !path || path.test(r.path)).length,
    async close() {
      await gateway.close();
      await Promise.all(Object.values(fakes).map((f) => f.close()));
    },
  };
}

/** Sends a request to the gateway with the consumer key. */
export function call(c: EndpointConsumer, method: string, path: string, init: { json?: unknown; body?: Buffer | string; headers?: Record<string, string> } = {}): Promise<Response> {
  const headers: Record<string, string> = { authorization: `Bearer ${c.key}`, ...init.headers };
  if (init.json !== undefined) headers['content-type'] = 'application/json';
  const body = init.json !== undefined ? JSON.stringify(init.json) : Buffer.isBuffer(init.body) ? new Uint8Array(init.body) : init.body;
  return fetch(`${c.base}${path}`, { method, headers, body });
}

/** The message of an OpenAI error body; fails when the body is not one. */
export async function openAIError(response: Response): Promise<string> {
  const body = (await response.json()) as { error?: { message?: unknown; type?: unknown } };
  if (typeof body.error?.message !== 'string' || typeof body.error.type !== 'string') throw new Error(`not an OpenAI error: ${JSON.stringify(body)}`);
  return body.error.message;
}
