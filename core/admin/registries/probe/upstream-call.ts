/**
 * The HTTP part of an LLM registry test: one cheap authenticated call (the provider's model
 * list where it has one, else a one-token chat request in its own wire format) whose answer is
 * classified into the auth, request and response stages.
 */
import type { Dispatcher } from 'undici';
import type { CanonicalRequest, WireFormat } from '../../../canonical/index.js';
import { egressFetch } from '../../../http/egress-dispatcher.js';
import { isEgressRefusal } from '../../../http/egress-policy.js';
import type { ProviderEntry } from '../../../providers/types.js';
import { readResponseAtMost } from '../../../http/bounded-read.js';
import { ProbeFailure } from './probe-result.js';

const REQUEST_TIMEOUT_MS = 10_000;
/** The most bytes of the answer read: the longest model lists are a few MB. */
const MAX_ANSWER_BYTES = 16 * 1024 * 1024;

/** The registry fields a probe needs, with its key already opened. */
export interface ProbeTarget {
  provider: ProviderEntry;
  baseUrl: string;
  apiKey?: string;
  header?: string;
  options: { api_version?: string; deployments?: Record<string, string> };
  models: readonly string[];
}

/** One planned upstream call and how to judge its JSON answer (throws when it is malformed). */
export interface UpstreamCall {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  check(answer: unknown): void;
}

const fill = (template: string, values: Record<string, string>) => template.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '');

/** The model a chat probe names: a deployment, the allow-list's first, or the catalog's first chat model. */
function probeModel(target: ProbeTarget): string | undefined {
  const deployments = Object.keys(target.options.deployments ?? {});
  return deployments[0] ?? target.models[0] ?? target.provider.models?.find((m) => !m.modalities || m.modalities.includes('chat'))?.id;
}

/** Plans the probe call for a registry. */
export function planUpstreamCall(target: ProbeTarget, formats: ReadonlyMap<string, WireFormat>): UpstreamCall {
  const { provider } = target;
  const headers: Record<string, string> = { accept: 'application/json', ...provider.static_headers };
  if (target.apiKey) {
    if (target.header) headers[target.header.toLowerCase()] = target.apiKey;
    else headers[provider.auth.header] = `${provider.auth.prefix ?? ''}${target.apiKey}`;
  }
  const model = probeModel(target);
  const values = {
    model: encodeURIComponent(model ?? ''),
    deployment: encodeURIComponent((model && target.options.deployments?.[model]) ?? model ?? ''),
    action: 'generateContent',
    api_version: target.options.api_version ?? '',
  };
  const query = new URLSearchParams(Object.entries(provider.query ?? {}).map(([k, v]) => [k, fill(v, values)])).toString();
  const url = (path: string) => `${target.baseUrl}${fill(path, values)}${query ? `?${query}` : ''}`;

  if (provider.paths.models) {
    return {
      url: url(provider.paths.models),
      method: 'GET',
      headers,
      check(answer) {
        const list = answer as { data?: unknown; models?: unknown } | null;
        if (!list || typeof list !== 'object' || !(Array.isArray(list.data) || Array.isArray(list.models))) {
          throw new Error('the model list answer has no data array');
        }
      },
    };
  }
  const format = formats.get(provider.format);
  if (!format || !provider.paths.chat) throw new ProbeFailure('request', `provider ${provider.id} has no endpoint the test can call`);
  if (!model) throw new ProbeFailure('request', 'no model to test with: set the registry models or deployments');
  const request: CanonicalRequest = { model, messages: [{ role: 'user', content: [{ type: 'text', text: 'ping' }] }], sampling: { max_tokens: 1 }, stream: false };
  return {
    url: url(provider.paths.chat),
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(format.encodeRequest(request, model)),
    check: (answer) => void format.decodeResponse(answer),
  };
}

/**
 * Makes the call through `dispatcher` (the egress policy's; redirects are not followed): 401/403
 * fail `auth`, an egress refusal fails `connect`, other refusals and transport errors fail
 * `request`, a malformed answer fails `response`.
 */
export async function runUpstreamCall(call: UpstreamCall, dispatcher: Dispatcher): Promise<{ status: number }> {
  let response: Response;
  try {
    response = await egressFetch(dispatcher)(call.url, { method: call.method, headers: call.headers, body: call.body, redirect: 'manual', signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  } catch (err) {
    if (isEgressRefusal(err)) throw new ProbeFailure('connect', (err as Error).cause instanceof Error ? ((err as Error).cause as Error).message : (err as Error).message);
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    throw new ProbeFailure('request', `the request failed: ${cause?.code ?? cause?.message ?? (err as Error).message}`);
  }
  const { text, cut } = await readResponseAtMost(response, MAX_ANSWER_BYTES).catch(() => ({ text: '', cut: false }));
  const { status } = response;
  const path = new URL(call.url).pathname;
  if (status === 401 || status === 403) throw new ProbeFailure('auth', `the upstream rejected the credentials (${status})`, status);
  if (status < 200 || status > 299) throw new ProbeFailure('request', `the upstream answered ${status} to ${call.method} ${path}`, status);
  if (cut) throw new ProbeFailure('response', `the answer to ${call.method} ${path} exceeds ${MAX_ANSWER_BYTES} bytes`, status);
  let answer: unknown;
  try {
    answer = JSON.parse(text);
  } catch {
    throw new ProbeFailure('response', `the answer to ${call.method} ${path} is not JSON`, status);
  }
  try {
    call.check(answer);
  } catch (err) {
    throw new ProbeFailure('response', `the answer to ${call.method} ${path} is malformed: ${(err as Error).message}`, status);
  }
  return { status };
}
