/**
 * Fuzz target: the guardrail plane's bodies. `POST /v1/evaluate` gets the schema's examples and
 * a payload of every shape it reads (`{input}`, Chat Completions, Messages, Responses and
 * generateContent requests, and on the output direction their answers) mutated, through a
 * policy running every detector and a gate; `/v1/evaluate/claude` gets its hook events
 * mutated; the management routes (collectors, keys, policies) get their schemas' examples
 * mutated. Properties: no 5xx, every error `{error, message, request_id}` with a registered
 * code, no secret in an answer or a log line.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import fc from 'fast-check';
import type { WireFormatId } from '../../core/canonical/index.js';
import { FORMATS } from '../integration/proxy/support/upstreams.js';
import { expectNoSecret, expectNoServerFault, expectPlaneError } from './support/answer-checks.js';
import { reportStatuses, send, type FuzzAnswer } from './support/bounded-request.js';
import { chatSeeds } from './support/chat-seeds.js';
import { replayCorpus } from './support/corpus.js';
import { checkProperty } from './support/fuzz-settings.js';
import { itLeavesNoSecretInLogs, startFuzzWorld, type FuzzWorld } from './support/fuzz-world.js';
import { fuzzBodies, type FuzzBody } from './support/json-mutation.js';
import { ANSWER_SEEDS } from './support/upstream-answer-seeds.js';

/** One case: a guardrail route (`{collector_id}` and `{policy_id}` filled in), the credential, the body. */
export interface GuardrailCase {
  method: string;
  path: string;
  credential: 'collector' | 'admin' | 'none';
  body: FuzzBody;
}

const SCHEMAS = fileURLToPath(new URL('../../schemas/api/guardrail/', import.meta.url));
const examplesOf = (name: string) => (JSON.parse(readFileSync(`${SCHEMAS}${name}.schema.json`, 'utf8')) as { examples: unknown[] }).examples;

/** Formats whose requests and answers evaluate reads as payloads (v2 chat is not one of them). */
const PAYLOAD_FORMATS = FORMATS.filter((f): f is Exclude<WireFormatId, 'cohere-v2'> => f !== 'cohere-v2');

/** Evaluate bodies: the schema's examples, then one per payload shape and direction. */
const EVALUATE_SEEDS: unknown[] = [
  ...examplesOf('evaluate-request'),
  ...PAYLOAD_FORMATS.flatMap((format) => [
    ...chatSeeds(format, 'gpt-4o-mini', false).map((payload) => ({ protocol: 'llm', direction: 'input', payload, consumer_id: 'app-1', session_id: 's-1' })),
    ...ANSWER_SEEDS[format].whole.map((payload) => ({ direction: 'output', payload, attributes: { 'model.name': 'gpt-4o-mini', tool: { name: 'shell', command: 'rm -rf /' } } })),
  ]),
];

/** Routes with their bodies' seeds; management routes take the admin token. */
const ROUTES: Array<{ method: string; path: string; credential: GuardrailCase['credential']; seeds: unknown[] }> = [
  { method: 'POST', path: '/v1/evaluate', credential: 'collector', seeds: EVALUATE_SEEDS },
  { method: 'POST', path: '/v1/evaluate/claude', credential: 'collector', seeds: examplesOf('claude-request') },
  { method: 'POST', path: '/v1/collectors', credential: 'admin', seeds: examplesOf('collector-create') },
  { method: 'PATCH', path: '/v1/collectors/{collector_id}', credential: 'admin', seeds: examplesOf('collector-update') },
  { method: 'POST', path: '/v1/collectors/{collector_id}/keys', credential: 'admin', seeds: examplesOf('collector-key-create') },
  { method: 'POST', path: '/v1/policies', credential: 'admin', seeds: examplesOf('policy-create') },
  { method: 'PATCH', path: '/v1/policies/{policy_id}', credential: 'admin', seeds: examplesOf('policy-update') },
];

const caseArbitrary: fc.Arbitrary<GuardrailCase> = fc.constantFrom(...ROUTES).chain((route) =>
  fc.record({
    method: fc.constant(route.method),
    path: fc.constant(route.path),
    credential: fc.constantFrom(route.credential, route.credential, route.credential, 'none' as const),
    body: fuzzBodies(route.seeds),
  }),
);

describe('fuzz: guardrail plane bodies', function () {
  this.timeout(180_000);
  let world: FuzzWorld;
  const ids: Record<string, string> = {};

  before(async () => {
    world = await startFuzzWorld();
    const admin = { authorization: `Bearer ${world.tokens.tenant}`, 'content-type': 'application/json' };
    const collector = await send({ method: 'POST', url: `${world.gateway.urls.guardrail}/v1/collectors`, headers: admin, body: '{"name":"fuzzed","type":"rest_api"}' });
    expect(collector.status, collector.text).to.equal(201);
    ids.collector_id = (collector.json as { id: string }).id;
    const policy = await send({ method: 'POST', url: `${world.gateway.urls.guardrail}/v1/policies`, headers: admin, body: JSON.stringify({ name: 'fuzzed', collectors: [ids.collector_id], rules: [] }) });
    expect(policy.status, policy.text).to.equal(201);
    ids.policy_id = (policy.json as { id: string }).id;
  });
  after(async () => {
    reportStatuses('guardrail bodies');
    await world?.close();
  });

  /** Sends one case and checks the properties of its answer. */
  async function runCase(c: GuardrailCase): Promise<FuzzAnswer> {
    const path = c.path.replace(/\{(\w+)\}/g, (_m, name: string) => ids[name] ?? name);
    const token = c.credential === 'collector' ? world.collectorKey : c.credential === 'admin' ? world.tokens.tenant : undefined;
    const answer = await send({
      method: c.method,
      url: `${world.gateway.urls.guardrail}${path}`,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: c.body.text,
      label: c.body.label,
    });
    expectNoServerFault(answer);
    expectPlaneError(answer, 'guardrail');
    expectNoSecret(answer, world.secrets);
    return answer;
  }

  replayCorpus<GuardrailCase>('guardrail-bodies', runCase);

  it('no evaluate or management body answers 5xx, an error outside {error, message, request_id}, or a secret', async () => {
    await checkProperty(fc.asyncProperty(caseArbitrary, async (c) => void (await runCase(c))), 3);
  });

  itLeavesNoSecretInLogs(() => world);
});
