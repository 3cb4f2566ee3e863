/**
 * Fuzz target: path segments and query parameters on every plane. Consumer slugs, Gemini model
 * names, model ids, file ids and admin or guardrail record ids are replaced by segments full of
 * percent-escapes (valid, truncated, overlong, encoded slashes); query strings repeat parameters
 * (`key`, `alt`, `page`, `size`, `model`) and carry odd values. Properties: no 5xx, errors in the
 * plane's or the client format's shape, no secret in an answer or a log line.
 */
import fc from 'fast-check';
import type { WireFormatId } from '../../core/canonical/index.js';
import { chatBody } from '../integration/proxy/support/raw-chat.js';
import { expectClientFormatError, expectNoSecret, expectNoServerFault, expectPlaneError } from './support/answer-checks.js';
import { reportStatuses, send, type FuzzAnswer } from './support/bounded-request.js';
import { replayCorpus } from './support/corpus.js';
import { checkProperty } from './support/fuzz-settings.js';
import { itLeavesNoSecretInLogs, startFuzzWorld, type FuzzWorld } from './support/fuzz-world.js';
import { pathSegment, queryString } from './support/url-parts.js';

type Plane = 'proxy' | 'admin' | 'guardrail';
type Auth = 'header' | 'query' | 'repeated-query' | 'none';

/** One case: a route template whose `{0}` and `{1}` take the fuzzed segments, a query string and how the caller authenticates. */
export interface PathCase {
  plane: Plane;
  method: string;
  template: string;
  segments: [string, string];
  query: string;
  auth: Auth;
}

/** Route templates: `{slug}` and `{gateway_id}` are the world's, `{0}` and `{1}` fuzzed. */
const ROUTES: Record<Plane, Array<{ method: string; template: string }>> = {
  proxy: [
    { method: 'POST', template: '/{0}/v1/chat/completions' },
    { method: 'POST', template: '/{0}/v1/messages' },
    { method: 'POST', template: '/{0}/v2/chat' },
    { method: 'POST', template: '/{0}/v1/responses' },
    { method: 'POST', template: '/{slug}/v1beta/models/{0}:generateContent' },
    { method: 'POST', template: '/{slug}/v1beta/models/{0}:streamGenerateContent' },
    { method: 'POST', template: '/{0}/v1beta/models/{1}:generateContent' },
    { method: 'GET', template: '/{slug}/v1/models/{0}' },
    { method: 'GET', template: '/{0}/v1/models' },
    { method: 'GET', template: '/{slug}/v1/files/{0}' },
    { method: 'GET', template: '/{slug}/v1/files/{0}/content' },
    { method: 'DELETE', template: '/{slug}/v1/files/{0}' },
    { method: 'GET', template: '/{slug}/v1/files' },
    { method: 'GET', template: '/{slug}/{0}' },
    { method: 'GET', template: '/{0}' },
  ],
  admin: [
    { method: 'GET', template: '/v1/gateways' },
    { method: 'GET', template: '/v1/gateways/{0}' },
    { method: 'GET', template: '/v1/gateways/{gateway_id}/registries' },
    { method: 'GET', template: '/v1/gateways/{gateway_id}/consumers/{0}' },
    { method: 'PATCH', template: '/v1/gateways/{gateway_id}/policies/{0}' },
    { method: 'DELETE', template: '/v1/gateways/{gateway_id}/roles/{0}' },
    { method: 'PUT', template: '/v1/gateways/{gateway_id}/consumers/{0}/registries/{1}' },
    { method: 'GET', template: '/v1/gateways/{gateway_id}/traces/{0}' },
    { method: 'GET', template: '/v1/catalog/models' },
    { method: 'GET', template: '/v1/catalog/providers' },
    { method: 'GET', template: '/v1/config-sync/connections' },
    { method: 'GET', template: '/v1/{0}' },
  ],
  guardrail: [
    { method: 'POST', template: '/v1/evaluate' },
    { method: 'GET', template: '/v1/collectors/{0}' },
    { method: 'GET', template: '/v1/collectors/{0}/keys' },
    { method: 'GET', template: '/v1/policies/{0}' },
    { method: 'GET', template: '/v1/activity' },
    { method: 'GET', template: '/v1/{0}' },
  ],
};

/** Query parameter names each plane reads. */
const QUERY_NAMES: Record<Plane, readonly string[]> = {
  proxy: ['key', 'alt', 'model', 'purpose', 'limit', 'after', 'api-version'],
  admin: ['page', 'size', 'view', 'type', 'name', 'tenant_id', 'provider', 'gateway_id', 'registry_id', 'scope'],
  guardrail: ['page', 'size', 'trace_id', 'session_id', 'consumer_id', 'collector_id', 'from', 'to'],
};

const caseArbitrary: fc.Arbitrary<PathCase> = fc.constantFrom<Plane>('proxy', 'proxy', 'admin', 'guardrail').chain((plane) =>
  fc.record({
    plane: fc.constant(plane),
    route: fc.constantFrom(...ROUTES[plane]),
    segments: fc.tuple(pathSegment, pathSegment),
    query: queryString(QUERY_NAMES[plane]),
    auth: fc.constantFrom<Auth>('header', 'header', 'query', 'repeated-query', 'none'),
  }).map(({ route, ...rest }) => ({ ...rest, method: route.method, template: route.template })),
);

/**
 * The client format whose error object a proxy path answers with: fixed by what follows the
 * consumer slug. `path` is the path as sent (URL parsing folds `.` and `..` segments, so a
 * fuzzed slug may vanish and move the path one segment left).
 */
function formatOfPath(path: string): WireFormatId {
  const afterSlug = path.replace(/^\/[^/]*/, '');
  if (afterSlug.startsWith('/v1/messages')) return 'anthropic-messages';
  if (afterSlug.startsWith('/v2/chat')) return 'cohere-v2';
  if (afterSlug.startsWith('/v1beta/')) return 'gemini';
  return 'openai-chat';
}

describe('fuzz: path segments and query parameters', function () {
  this.timeout(180_000);
  let world: FuzzWorld;

  before(async () => {
    world = await startFuzzWorld();
  });
  after(async () => {
    reportStatuses('paths and queries');
    await world?.close();
  });

  /** Sends one case and checks the properties of its answer. */
  async function runCase(c: PathCase): Promise<FuzzAnswer> {
    const path = c.template
      .replace('{slug}', world.consumer.slug)
      .replace('{gateway_id}', world.gatewayId)
      .replace(/\{([01])\}/g, (_m, i: string) => c.segments[Number(i)]);
    const key = c.plane === 'proxy' ? world.consumer.key : c.plane === 'guardrail' && c.template === '/v1/evaluate' ? world.collectorKey : world.tokens.tenant;
    const credential = c.plane === 'proxy' ? `key=${key}` : '';
    const authQuery = c.auth === 'query' && credential ? credential : c.auth === 'repeated-query' && credential ? `${credential}&${credential}` : '';
    const query = [c.query, authQuery].filter(Boolean).join('&');
    const headers: Record<string, string> = {};
    if (c.auth === 'header' || (c.plane !== 'proxy' && c.auth !== 'none')) headers[c.plane === 'proxy' ? 'x-api-key' : 'authorization'] = c.plane === 'proxy' ? key : `Bearer ${key}`;
    let body: string | undefined;
    if (c.method === 'POST' || c.method === 'PATCH') {
      headers['content-type'] = 'application/json';
      const format = formatOfPath(c.template.replace('{0}', 'slug'));
      body = c.plane === 'proxy' ? JSON.stringify(chatBody(format, world.pin(format === 'gemini' ? 'openai-chat' : format), false)) : c.plane === 'guardrail' ? '{"direction":"input","payload":{"input":"hello"}}' : '{}';
    }
    const url = new URL(`${world.gateway.urls[c.plane]}${path}${query ? `?${query}` : ''}`);
    const answer = await send({ method: c.method, url: url.href, headers, body, label: `auth ${c.auth}` });
    expectNoServerFault(answer);
    // A request line over the header limit is refused by Node's parser before the path is read:
    // its 431 is in OpenAI's error format whatever the path (docs/proxy-endpoints.md).
    if (c.plane === 'proxy') expectClientFormatError(answer, answer.status === 431 ? 'openai-chat' : formatOfPath(url.pathname));
    else expectPlaneError(answer, c.plane);
    expectNoSecret(answer, world.secrets);
    return answer;
  }

  replayCorpus<PathCase>('paths-and-queries', runCase);

  it('no path segment or query string answers 5xx, an error outside the plane or client format, or a secret', async () => {
    await checkProperty(fc.asyncProperty(caseArbitrary, async (c) => void (await runCase(c))), 3);
  });

  itLeavesNoSecretInLogs(() => world);
});
