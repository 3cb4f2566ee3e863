/**
 * Fuzz target: upstream answers and stream events. A fake upstream answers each case with a
 * fuzzed answer in the pinned upstream's wire format (support/upstream-answer-seeds.ts mutated:
 * whole answers, error answers of any status, streams whose events are mutated, dropped,
 * replaced by text that is not JSON or cut short), proxied to each client format. Properties:
 * no 5xx except a 502 or 504, or the upstream's own error status relayed, each naming the
 * upstream as its source, errors in the client
 * format, every answer (streams included) complete within the client timeout, no secret in an
 * answer or a log line.
 */
import fc from 'fast-check';
import type { WireFormatId } from '../../core/canonical/index.js';
import type { RegistryRecord } from '../../core/records/types.js';
import { startStaticAnswerServer, type StaticAnswerServer } from '../fixtures/providers/static-answer-server.js';
import { chatBody, chatPath } from '../integration/proxy/support/raw-chat.js';
import { FORMATS, UPSTREAM } from '../integration/proxy/support/upstreams.js';
import { expectClientFormatError, expectNoSecret, expectNoServerFault } from './support/answer-checks.js';
import { reportStatuses, send, type FuzzAnswer } from './support/bounded-request.js';
import { replayCorpus } from './support/corpus.js';
import { checkProperty } from './support/fuzz-settings.js';
import { itLeavesNoSecretInLogs, startFuzzWorld, type FuzzWorld } from './support/fuzz-world.js';
import { fuzzBodies, jsonText, mutated, notJson } from './support/json-mutation.js';
import { ANSWER_SEEDS, type SeedEvent } from './support/upstream-answer-seeds.js';

/** What the fake upstream answers: status, content type and body text. */
export interface UpstreamAnswer {
  status: number;
  contentType: string;
  text: string;
}

/** One case: the client format called, the upstream format pinned, streaming or not, the upstream's answer. */
export interface UpstreamCase {
  client: WireFormatId;
  upstream: WireFormatId;
  stream: boolean;
  answer: UpstreamAnswer;
}

const ERROR_STATUSES = [400, 401, 403, 404, 408, 409, 413, 422, 429, 500, 502, 503, 504, 529];

/** The SSE text of `events`, with LF or CRLF line ends. */
function sseText(events: SeedEvent[], lineEnd: string): string {
  return events
    .map((e) => `${e.event !== undefined ? `event: ${e.event}${lineEnd}` : ''}data: ${typeof e.data === 'string' ? e.data : jsonText(e.data)}${lineEnd}${lineEnd}`)
    .join('');
}

/** A stream of `format`: each seed event kept, mutated, dropped or replaced by text that is not JSON; sometimes cut short. */
function fuzzedStream(format: WireFormatId): fc.Arbitrary<UpstreamAnswer> {
  const events = ANSWER_SEEDS[format].events.map((seed) =>
    fc.oneof(
      { weight: 5, arbitrary: fc.constant<SeedEvent[]>([seed]) },
      { weight: 2, arbitrary: mutated(seed.data).map((data) => [{ ...seed, data }]) },
      { weight: 1, arbitrary: fc.constant<SeedEvent[]>([]) },
      { weight: 1, arbitrary: fc.constant<SeedEvent[]>([seed, seed]) },
      { weight: 1, arbitrary: notJson.map((data) => [{ ...seed, data: data.replace(/[\r\n]/g, ' ') }]) },
    ),
  );
  return fc
    .record({ events: fc.tuple(...events), lineEnd: fc.constantFrom('\n', '\n', '\r\n'), cut: fc.option(fc.nat(), { freq: 4 }) })
    .map(({ events: chosen, lineEnd, cut }) => {
      const text = sseText(chosen.flat(), lineEnd);
      return { status: 200, contentType: 'text/event-stream', text: cut === null ? text : text.slice(0, cut % (text.length + 1)) };
    });
}

/** A whole answer of `format`: a mutated answer, an error answer of any status, or a body of the wrong type. */
function fuzzedWhole(format: WireFormatId): fc.Arbitrary<UpstreamAnswer> {
  const seeds = ANSWER_SEEDS[format];
  return fc.oneof(
    { weight: 4, arbitrary: fuzzBodies(seeds.whole).map((body) => ({ status: 200, contentType: 'application/json', text: body.text })) },
    { weight: 2, arbitrary: fc.record({ status: fc.constantFrom(...ERROR_STATUSES), contentType: fc.constant('application/json'), text: fuzzBodies([seeds.error]).map((b) => b.text) }) },
    { weight: 1, arbitrary: fc.record({ status: fc.constantFrom(200, ...ERROR_STATUSES), contentType: fc.constantFrom('text/plain', 'text/html', 'text/event-stream', 'application/octet-stream'), text: notJson }) },
  );
}

const caseArbitrary: fc.Arbitrary<UpstreamCase> = fc
  .record({ client: fc.constantFrom(...FORMATS), upstream: fc.constantFrom(...FORMATS), stream: fc.boolean() })
  .chain((c) => (c.stream ? fc.oneof({ weight: 4, arbitrary: fuzzedStream(c.upstream) }, { weight: 1, arbitrary: fuzzedWhole(c.upstream) }) : fuzzedWhole(c.upstream)).map((answer) => ({ ...c, answer })));

describe('fuzz: upstream answers and stream events', function () {
  this.timeout(180_000);
  let world: FuzzWorld;
  let upstream: StaticAnswerServer;
  let base: string;
  let key: string;
  /** `@{registry slug}/{model}` of the registry speaking each format at the fuzzed upstream. */
  const pins = {} as Record<WireFormatId, string>;

  before(async () => {
    world = await startFuzzWorld();
    upstream = await startStaticAnswerServer();
    const registries: RegistryRecord[] = [];
    for (const format of FORMATS) {
      const { provider, model } = UPSTREAM[format];
      const slug = `fuzzed-${format}`;
      registries.push(await world.gateway.seed.registry(world.gatewayId, { provider, slug, base_url: upstream.origin, models: [model] }));
      pins[format] = `@${slug}/${model}`;
    }
    const consumer = await world.gateway.seed.consumer(world.gatewayId, { slug: 'fuzzed-upstream-app', registries: registries.map((r) => ({ registry_id: r._id, weight: 1 })) });
    await world.gateway.configChanged();
    base = world.gateway.proxyUrl('fuzzed-upstream-app');
    key = consumer.key;
    world.secrets.add(key);
  });
  after(async () => {
    reportStatuses('upstream answers');
    await world?.close();
    await upstream?.close();
  });

  /** Sets the upstream's answer, sends the client's request, and checks the properties of what came back. */
  async function runCase(c: UpstreamCase): Promise<FuzzAnswer> {
    upstream.answer({ status: c.answer.status, contentType: c.answer.contentType, body: c.answer.text });
    const pin = pins[c.upstream];
    const answer = await send({
      method: 'POST',
      url: `${base}${chatPath(c.client, pin, c.stream)}`,
      headers: { 'content-type': 'application/json', 'x-api-key': key },
      body: JSON.stringify(chatBody(c.client, pin, c.stream)),
      label: `${c.upstream} answering ${c.answer.status} ${c.answer.contentType}`,
    });
    expectNoServerFault(answer, c.answer.status);
    expectClientFormatError(answer, c.client);
    expectNoSecret(answer, world.secrets);
    return answer;
  }

  replayCorpus<UpstreamCase>('upstream-answers', runCase);

  it('no upstream answer makes the gateway answer 5xx of its own, an error outside the client format, or hang', async () => {
    await checkProperty(fc.asyncProperty(caseArbitrary, async (c) => void (await runCase(c))), 2);
  });

  itLeavesNoSecretInLogs(() => world);
});
