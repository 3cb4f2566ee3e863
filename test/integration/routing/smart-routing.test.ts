/**
 * Smart routing through a running gateway: `auto` under `load_balancing.strategy: smart` is
 * classified into a complexity tier and sent to the tier's model reference (a pin or a pool);
 * the tier, score and signals are recorded on the exchange; a missing tier borrows the nearest
 * stronger one; an explicit model bypasses classification.
 */
import { expect } from 'chai';
import OpenAI from 'openai';
import { recordedExchange } from '../../fixtures/routing/exchange-recorder/index.js';
import { startRoutingWorld, type RoutingWorld } from '../../fixtures/routing/routing-world.js';

const SIMPLE = 'what time is it in tokyo';
const MEDIUM = 'Why did the Roman Empire fall? Explain the main causes historians point to.';
const HARD = 'Fix this function, it returns None for lists longer than one element:\n```python\ndef last(xs):\n    for x in xs:\n        pass\n```';

describe('routing: smart routing by prompt complexity tier', () => {
  let world: RoutingWorld;
  const ids: Record<string, string> = {};
  let client: OpenAI;

  before(async () => {
    world = await startRoutingWorld();
    for (const name of ['s', 'm', 'x', 'y']) ids[name] = (await world.registry(name))._id;
    ({ client } = await world.consumer({
      slug: 'smart',
      registries: ['s', 'm', 'x', 'y'].map((n) => ({ registry_id: ids[n], weight: 1 })),
      load_balancing: { strategy: 'smart', tiers: { simple: '@s/m-s', medium: '@m/m-m', hard: 'pool:strong' } },
      pools: [{ name: 'strong', targets: ['@x/m-x', '@y/m-y'], strategy: 'round_robin' }],
    }));
  });

  after(async () => {
    await world?.close();
  });

  const ask = (content: string, extra: Partial<OpenAI.ChatCompletionCreateParamsNonStreaming> = {}) =>
    world.chat(client, { messages: [{ role: 'user', content }], ...extra });

  it('sends each tier to its model and records the tier on the exchange', async () => {
    const simple = await ask(SIMPLE);
    expect(simple.answeredBy).to.equal('s');
    expect(simple.headers.get('x-selected-model')).to.equal('m-s');
    const medium = await ask(MEDIUM);
    expect(medium.answeredBy).to.equal('m');
    const hard = await ask(HARD);
    expect(['x', 'y']).to.include(hard.answeredBy);

    const record = (await recordedExchange(hard.traceId)).route!;
    expect(record.reason).to.equal('smart:hard');
    expect(record.complexity?.tier).to.equal('hard');
    expect(record.complexity?.signals).to.include('code');
    expect((await recordedExchange(simple.traceId)).route?.reason).to.equal('smart:simple');
    expect((await recordedExchange(medium.traceId)).route?.complexity?.tier).to.equal('medium');
  });

  it('balances within a tier whose reference is a pool', async () => {
    const seen: string[] = [];
    for (let i = 0; i < 4; i++) seen.push((await ask(HARD)).answeredBy);
    expect(seen.filter((n) => n === 'x')).to.have.length(2);
    expect(seen.filter((n) => n === 'y')).to.have.length(2);
  });

  it('declared tools and a JSON schema answer make any prompt Hard', async () => {
    const tools: OpenAI.ChatCompletionTool[] = [{ type: 'function', function: { name: 'get_time', parameters: { type: 'object', properties: { city: { type: 'string' } } } } }];
    const withTools = await ask(SIMPLE, { tools });
    expect(['x', 'y']).to.include(withTools.answeredBy);
    expect((await recordedExchange(withTools.traceId)).route?.complexity?.signals).to.deep.equal(['tools']);
    const schema = await ask(SIMPLE, { response_format: { type: 'json_schema', json_schema: { name: 't', schema: { type: 'object', properties: { time: { type: 'string' } } } } } });
    expect(['x', 'y']).to.include(schema.answeredBy);
  });

  it('an explicit model bypasses classification', async () => {
    const result = await ask(HARD, { model: '@s/m-s' });
    expect(result.answeredBy).to.equal('s');
    expect((await recordedExchange(result.traceId)).route?.reason).to.equal('pin');
  });

  it('a tier without a model borrows the nearest stronger tier; no tiers at all is plain auto', async () => {
    const { client: partial } = await world.consumer({
      slug: 'smart-partial',
      registries: ['s', 'x'].map((n) => ({ registry_id: ids[n], weight: 1 })),
      load_balancing: { strategy: 'smart', tiers: { simple: '@s/m-s', hard: '@x/m-x' } },
    });
    expect((await world.chat(partial, { messages: [{ role: 'user', content: MEDIUM }] })).answeredBy).to.equal('x');
    expect((await world.chat(partial, { messages: [{ role: 'user', content: SIMPLE }] })).answeredBy).to.equal('s');

    const { client: bare } = await world.consumer({
      slug: 'smart-bare',
      registries: ['s', 'm'].map((n) => ({ registry_id: ids[n], weight: 1 })),
      load_balancing: { strategy: 'smart' },
    });
    const first = await world.chat(bare, { messages: [{ role: 'user', content: HARD }] });
    const second = await world.chat(bare, { messages: [{ role: 'user', content: HARD }] });
    expect([first.answeredBy, second.answeredBy].sort()).to.deep.equal(['m', 's']);
    const record = (await recordedExchange(first.traceId)).route!;
    expect(record.reason).to.equal('auto:round_robin');
    expect(record.complexity?.tier).to.equal('hard');
  });
});
