import { request } from 'undici';
import { readAtMost, type RegistryEndpoint } from '../../core/plugin/index.js';

/** The most bytes of an embeddings answer read: one input's vector is tens of KB. */
const MAX_ANSWER_BYTES = 8 * 1024 * 1024;

/** Fills a catalog path template (`/openai/deployments/{deployment}/embeddings`). */
function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '');
}

/**
 * Embeds `text` with an embedding-capable registry that speaks the OpenAI embeddings format
 * (`POST {base}/embeddings` with `{model, input}`, answering `{data: [{embedding}]}`): OpenAI,
 * its cloud-hosted variant and OpenAI-compatible providers, at the endpoint `kit.registries`
 * resolved (its headers, and its dispatcher, which enforces the egress policy). Throws on
 * anything else: the cache fails open, so the request is simply not answered from the cache.
 */
export async function embed(endpoint: RegistryEndpoint, model: string, text: string, timeoutMs: number): Promise<number[]> {
  const { registry } = endpoint;
  const provider = registry.provider;
  const path = provider?.paths.embeddings;
  if (!provider || !path || !registry.capabilities.has('embeddings')) throw new Error(`registry ${registry.slug} cannot serve embeddings`);
  if (provider.format !== 'openai-chat') throw new Error(`registry ${registry.slug} does not speak the OpenAI embeddings format`);
  const deployment = (registry.options.deployments as Record<string, string> | undefined)?.[model] ?? model;
  const values = { model: encodeURIComponent(model), deployment: encodeURIComponent(deployment), api_version: String(registry.options.api_version ?? '') };
  const query = new URLSearchParams(Object.entries(provider.query ?? {}).map(([k, v]) => [k, fill(v, values)])).toString();
  const res = await request(`${endpoint.baseUrl}${fill(path, values)}${query ? `?${query}` : ''}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...endpoint.headers },
    dispatcher: endpoint.dispatcher,
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
