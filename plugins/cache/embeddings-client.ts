import { request, type Dispatcher } from 'undici';
import { readAtMost } from '../../core/http/bounded-read.js';
import type { Snapshot } from '../../core/snapshot/snapshot.js';
import type { RegistryView } from '../../core/snapshot/views.js';

/** The registry named by slug or id in the policy's gateway. */
export function findRegistry(snapshot: Snapshot, gatewayId: string, reference: string): RegistryView | undefined {
  const byId = snapshot.registry(reference);
  if (byId?.gatewayId === gatewayId) return byId;
  for (const registry of snapshot.indexes.registriesById.values()) {
    if (registry.gatewayId === gatewayId && registry.slug === reference) return registry;
  }
  return undefined;
}

/** The most bytes of an embeddings answer read: one input's vector is tens of KB. */
const MAX_ANSWER_BYTES = 8 * 1024 * 1024;

/** Fills a catalog path template (`/openai/deployments/{deployment}/embeddings`). */
function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '');
}

/**
 * Embeds `text` with an embedding-capable registry that speaks the OpenAI embeddings format
 * (`POST {base}/embeddings` with `{model, input}`, answering `{data: [{embedding}]}`): OpenAI,
 * its cloud-hosted variant and OpenAI-compatible providers, through `egress` (the kit's
 * dispatcher, which enforces the egress policy). Throws on anything else: the cache fails open,
 * so the request is simply not answered from the cache.
 */
export async function embed(registry: RegistryView, model: string, text: string, timeoutMs: number, egress: Dispatcher): Promise<number[]> {
  const provider = registry.provider;
  const path = provider?.paths.embeddings;
  if (!provider || !path || !registry.capabilities.has('embeddings')) throw new Error(`registry ${registry.slug} cannot serve embeddings`);
  if (provider.format !== 'openai-chat') throw new Error(`registry ${registry.slug} does not speak the OpenAI embeddings format`);
  const deployment = (registry.options.deployments as Record<string, string> | undefined)?.[model] ?? model;
  const values = { model: encodeURIComponent(model), deployment: encodeURIComponent(deployment), api_version: String(registry.options.api_version ?? '') };
  const query = new URLSearchParams(Object.entries(provider.query ?? {}).map(([k, v]) => [k, fill(v, values)])).toString();
  const headers: Record<string, string> = { 'content-type': 'application/json', ...provider.static_headers };
  if (registry.apiKey) headers[provider.auth.header] = `${provider.auth.prefix ?? ''}${registry.apiKey}`;
  const res = await request(`${registry.baseUrl}${fill(path, values)}${query ? `?${query}` : ''}`, {
    method: 'POST',
    headers,
    dispatcher: egress,
    body: JSON.stringify({ model: deployment, input: text }),
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
    signal: AbortSignal.timeout(timeoutMs),
  });
  const { text: answer, cut } = await readAtMost(res.body, MAX_ANSWER_BYTES);
  if (res.statusCode >= 400) throw new Error(`embeddings call failed with ${res.statusCode}`);
  if (cut) throw new Error(`embeddings answer exceeds ${MAX_ANSWER_BYTES} bytes`);
  const body = parseOrUndefined(answer) as { data?: Array<{ embedding?: unknown }> } | undefined;
  const vector = body?.data?.[0]?.embedding;
  if (!Array.isArray(vector) || vector.length === 0 || !vector.every((x) => typeof x === 'number')) throw new Error('embeddings answer has no embedding');
  return vector as number[];
}

function parseOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
