/**
 * Fuzz target: chat requests of the five client formats (Chat Completions, Responses, Messages,
 * generateContent, v2 chat), each sent to each upstream format through a pin, streamed or not.
 * Bodies are real shapes (support/chat-seeds.ts) mutated: wrong types, missing fields, huge
 * numbers, unicode, deep nesting, long strings. Properties: no 5xx unless the upstream caused
 * it and the answer says so, errors in the client format's own shape, no secret in an answer or
 * a log line, every answer complete within the client timeout.
 */
import fc from 'fast-check';
import type { WireFormatId } from '../../core/canonical/index.js';
import { chatPath } from '../integration/proxy/support/raw-chat.js';
import { FORMATS } from '../integration/proxy/support/upstreams.js';
import { expectClientFormatError, expectNoSecret, expectNoServerFault } from './support/answer-checks.js';
import { reportStatuses, send, type FuzzAnswer } from './support/bounded-request.js';
import { chatSeeds } from './support/chat-seeds.js';
import { replayCorpus } from './support/corpus.js';
import { checkProperty } from './support/fuzz-settings.js';
import { itLeavesNoSecretInLogs, startFuzzWorld, type FuzzWorld } from './support/fuzz-world.js';
import { fuzzBodies, type FuzzBody } from './support/json-mutation.js';

/** One case: the client format called, the upstream format pinned, streaming or not, the body. */
export interface ChatCase {
  client: WireFormatId;
  upstream: WireFormatId;
  stream: boolean;
  body: FuzzBody;
}

/** Where a case's model reference goes: the body's `model`, or the Gemini path. */
const MODEL_PLACEHOLDER = '@fuzz-upstream/model';

const caseArbitrary: fc.Arbitrary<ChatCase> = fc
  .record({ client: fc.constantFrom(...FORMATS), upstream: fc.constantFrom(...FORMATS), stream: fc.boolean() })
  .chain((c) => fuzzBodies(chatSeeds(c.client, MODEL_PLACEHOLDER, c.stream)).map((body) => ({ ...c, body })));

describe('fuzz: chat requests of the five client formats', function () {
  this.timeout(180_000);
  let world: FuzzWorld;

  before(async () => {
    world = await startFuzzWorld();
  });
  after(async () => {
    reportStatuses('chat requests');
    await world?.close();
  });

  /** Sends one case and checks the properties of its answer. */
  async function runCase(c: ChatCase): Promise<FuzzAnswer> {
    const pin = world.pin(c.upstream);
    const text = c.body.text.split(MODEL_PLACEHOLDER).join(pin);
    const answer = await send({
      method: 'POST',
      url: `${world.consumer.base}${chatPath(c.client, pin, c.stream)}`,
      headers: { 'content-type': 'application/json', 'x-api-key': world.consumer.key },
      body: text,
      label: `${c.body.label} to ${c.upstream}`,
    });
    expectNoServerFault(answer);
    expectClientFormatError(answer, c.client);
    expectNoSecret(answer, world.secrets);
    return answer;
  }

  replayCorpus<ChatCase>('chat-requests', runCase);

  it('no chat request answers 5xx, an error outside its client format, or a secret', async () => {
    await checkProperty(fc.asyncProperty(caseArbitrary, async (c) => void (await runCase(c))), 3);
  });

  itLeavesNoSecretInLogs(() => world);
});
