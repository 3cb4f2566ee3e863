/**
 * Budget-aware routing through a running gateway: a consumer with smart routing over three
 * tiers and a token budget with `step_down` thresholds sends a Hard prompt to the hard model,
 * to the medium model once spend crosses the first threshold, to the simple model after the
 * second, is refused when the budget cannot take it, and goes back to the hard model when the
 * window rolls. The step shows in the response headers, the playground trace and the OTLP
 * record. A dollar budget steps the same way; a request naming a model is never rerouted;
 * `auto` without smart routing takes the cheapest member under pressure. Every upstream and the
 * collector listen on 127.0.0.1.
 */
import { expect } from 'chai';
import OpenAI from 'openai';
import { mintAdminToken } from '../../../core/admin/auth/admin-token.js';
import type { RouteDecision } from '../../../core/pipeline/exchange.js';
import { LocalCounterStore } from '../../../core/plugin/counters.js';
import { COLLECTIONS, type ConsumerRecord, type PolicyRecord } from '../../../core/records/types.js';
import { createTestGateway, type TestGateway } from '../../../core/testing/index.js';
import { eventually } from '../../fixtures/processes/portcullis-process.js';
import { answerer } from '../../fixtures/routing/routing-world.js';
import { startRoutingUpstream, type RoutingUpstream } from '../../fixtures/routing/routing-upstream.js';
import { startFakeOtlpCollector, type FakeOtlpCollector } from '../observability/fake-otlp-collector.js';
import { budgetMeter, type BudgetMeter } from '../policies/support/budget-meter.js';

type ApiError = InstanceType<typeof OpenAI.APIError>;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Classified Hard (code to fix); 31 prompt tokens, so 3 + 3 + 31 + 8 = 45 tokens reserved at max_tokens 8. */
const HARD = 'Fix this function, it returns None for lists longer than one element:\n```python\ndef last(xs):\n    for x in xs:\n        pass\n```';
const HARD_ESTIMATE = 45;
/** The fake upstreams report 10 prompt and 5 completion tokens per answer. */
const USED = 15;

/** List prices (US dollars per million tokens) of the fakes' models. */
const PRICES: Record<string, { input: number; output: number }> = {
  h: { input: 1000, output: 1000 },
  m: { input: 100, output: 100 },
  s: { input: 10, output: 10 },
  cheap: { input: 0.1, output: 0.4 },
  dear: { input: 5, output: 15 },
};

interface Answer {
  answeredBy: string;
  step: string | null;
  spent: string | null;
  traceId: string;
}

describe('routing: budget-aware step down', function () {
  this.timeout(60_000);
  let gateway: TestGateway;
  let collector: FakeOtlpCollector;
  let counters: LocalCounterStore;
  let gatewayId: string;
  const upstreams: RoutingUpstream[] = [];
  const ids: Record<string, string> = {};

  before(async () => {
    collector = await startFakeOtlpCollector();
    counters = new LocalCounterStore();
    gateway = await createTestGateway({ counters, env: { OTEL_EXPORTER_OTLP_ENDPOINT: collector.endpoint } });
    ({ id: gatewayId } = await gateway.seed.gateway({ slug: 'budget-step-gw' }));
    for (const name of Object.keys(PRICES)) {
      const upstream = await startRoutingUpstream(name);
      upstreams.push(upstream);
      const options = { prices: { [`m-${name}`]: PRICES[name] } };
      ids[name] = (await gateway.seed.registry(gatewayId, { provider: 'openai', slug: name, base_url: upstream.url, apiKey: `sk-${name}`, models: [`m-${name}`], options }))._id;
    }
  });

  after(async () => {
    await gateway?.close();
    await collector?.close();
    await Promise.all(upstreams.map((u) => u.close()));
  });

  /** A consumer with its own budget policy, an SDK client and a meter on the policy's first budget. */
  async function consumerWithBudget(fields: Partial<ConsumerRecord> & { slug: string }, settings: Record<string, unknown>) {
    const { consumer, key } = await gateway.seed.consumer(gatewayId, fields);
    const policy: PolicyRecord = await gateway.seed.policy(gatewayId, { type: 'token_rate_limiter', settings }, [consumer._id]);
    await gateway.configChanged();
    const client = new OpenAI({ apiKey: key, baseURL: `${gateway.proxyUrl(fields.slug)}/v1`, maxRetries: 0, timeout: 15_000 });
    const meter: BudgetMeter = budgetMeter(counters, gateway.host, policy, consumer._id);
    return { client, meter, policy };
  }

  const smartConsumer = (slug: string) => ({
    slug,
    registries: ['h', 'm', 's'].map((n) => ({ registry_id: ids[n], weight: 1 })),
    load_balancing: { strategy: 'smart', tiers: { simple: '@s/m-s', medium: '@m/m-m', hard: '@h/m-h' } },
  });

  async function ask(client: OpenAI, content: string, model = 'auto'): Promise<Answer> {
    const { data, response } = await client.chat.completions.create({ model, max_tokens: 8, messages: [{ role: 'user', content }] }).withResponse();
    return {
      answeredBy: answerer(data.choices[0]?.message.content ?? ''),
      step: response.headers.get('x-ag-budget-step'),
      spent: response.headers.get('x-ag-budget-spent'),
      traceId: response.headers.get('x-ag-trace-id') ?? '',
    };
  }

  async function traceOf(traceId: string): Promise<{ route_decision: RouteDecision }> {
    await gateway.telemetry.flush();
    const token = await mintAdminToken(gateway.jwtSecret, { sub: 'ops', roles: ['platform_admin'] });
    const res = await fetch(`${gateway.urls.admin}/v1/gateways/${gatewayId}/traces/${traceId}`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).to.equal(200);
    return (await res.json()) as { route_decision: RouteDecision };
  }

  it('tokens: Hard, then Medium past the first threshold, Simple past the second, refused at the end, Hard again when the window rolls', async () => {
    const WINDOW_MS = 5_000;
    const amount = 150;
    const { client, meter, policy } = await consumerWithBudget(smartConsumer('smart-tokens'), {
      limits: [{ amount, window: WINDOW_MS / 1_000 }],
      default_output_tokens: 8,
      step_down: { medium: 0.3, simple: 0.6 },
    });
    const expectedTier = (fraction: number) => (fraction >= 0.6 ? 's' : fraction >= 0.3 ? 'm' : 'h');
    // Start early in a window, so the whole climb happens inside one.
    while (Date.now() % WINDOW_MS > 300) await sleep(20);
    const windowStart = Date.now() - (Date.now() % WINDOW_MS);

    const answers: Array<Answer & { before: number }> = [];
    let refusal: ApiError | undefined;
    for (let i = 0; i < 12 && !refusal; i++) {
      const before = await meter.spent('m-h');
      try {
        const answer = await ask(client, HARD);
        answers.push({ ...answer, before });
        await meter.settlesTo(before + USED, 'm-h');
      } catch (err) {
        refusal = err as ApiError;
        // Refused only because the reservation no longer fits.
        expect(before + HARD_ESTIMATE).to.be.greaterThan(amount);
      }
    }
    expect(Date.now() - windowStart, 'the climb must fit in one budget window').to.be.below(WINDOW_MS);
    expect(answers.map((a) => a.answeredBy)).to.deep.equal(['h', 'h', 'h', 'm', 'm', 'm', 's', 's']);
    for (const a of answers) {
      expect(a.answeredBy, `at ${a.before} of ${amount}`).to.equal(expectedTier(a.before / amount));
      expect(a.step).to.equal(a.answeredBy === 'h' ? null : a.answeredBy === 'm' ? 'medium' : 'simple');
      if (a.step) expect(a.spent).to.equal((a.before / amount).toFixed(3));
    }
    expect(refusal).to.be.instanceOf(OpenAI.RateLimitError);
    expect(refusal!.message).to.contain('budget exceeded');

    // The first stepped request in the trace and the OTLP record: classified Hard, routed Medium, which budget, how spent.
    const stepped = answers[3];
    const step = { step: 'medium', budget: `${policy.slug}/limits/0`, spent: 0.3, classified_tier: 'hard', applied: 'tier_cap' };
    const decision = (await traceOf(stepped.traceId)).route_decision;
    expect(decision.tier).to.equal('medium');
    expect(decision.budget_step).to.deep.equal(step);
    expect(decision.chosen).to.deep.equal({ registry_id: ids.m, model: 'm-m' });
    await eventually(async () => collector.records.some((r) => r.attributes['portcullis.trace_id'] === stepped.traceId), 'the OTLP record');
    const attributes = collector.records.find((r) => r.attributes['portcullis.trace_id'] === stepped.traceId)!.attributes;
    expect(attributes).to.include({
      'portcullis.route.tier': 'medium',
      'portcullis.route.budget_step.step': 'medium',
      'portcullis.route.budget_step.budget': `${policy.slug}/limits/0`,
      'portcullis.route.budget_step.spent': 0.3,
      'portcullis.route.budget_step.classified_tier': 'hard',
      'portcullis.route.budget_step.applied': 'tier_cap',
    });
    // An unstepped request carries no step.
    expect((await traceOf(answers[0].traceId)).route_decision).to.not.have.property('budget_step');

    // The window rolls: nothing spent, the tier goes back up with no other action.
    await sleep(WINDOW_MS - (Date.now() % WINDOW_MS) + 50);
    const rolled = await ask(client, HARD);
    expect(rolled.answeredBy).to.equal('h');
    expect(rolled.step).to.equal(null);
  });

  it('dollars: the same step down from the spent fraction of a dollar budget; a request naming a model is never rerouted', async () => {
    const amount = 0.2;
    const { client, meter } = await consumerWithBudget(smartConsumer('smart-dollars'), {
      unit: 'dollars',
      limits: [{ amount, window: 'day' }],
      default_output_tokens: 8,
      step_down: { medium: 0.5, simple: 0.95 },
    });
    const capacity = amount * 1e9;
    // Spend with requests that name the hard model: past the threshold they still go to it, unstepped.
    let explicitUnderPressure: Answer | undefined;
    for (let i = 0; i < 12 && !explicitUnderPressure; i++) {
      const before = await meter.spent('m-h');
      const answer = await ask(client, HARD, '@h/m-h');
      expect(answer.answeredBy).to.equal('h');
      expect(answer.step).to.equal(null);
      if (before / capacity >= 0.5) explicitUnderPressure = answer;
      // 15 tokens at $1,000 per million tokens: $0.015, 15,000,000 nano-dollars.
      await meter.settlesTo(before + USED * 1_000_000, 'm-h');
    }
    expect(explicitUnderPressure, 'an explicit request past the threshold').to.not.equal(undefined);
    const before = await meter.spent('m-h');
    const auto = await ask(client, HARD);
    expect(auto.answeredBy).to.equal('m');
    expect(auto.step).to.equal('medium');
    expect(auto.spent).to.equal((Math.floor((before / capacity) * 1000) / 1000).toFixed(3));
  });

  it('auto without smart routing takes the cheapest member under pressure, round robin otherwise', async () => {
    const { client, meter } = await consumerWithBudget(
      { slug: 'plain-auto', registries: ['dear', 'cheap'].map((n) => ({ registry_id: ids[n], weight: 1 })) },
      { limits: [{ amount: 100, window: 'day' }], default_output_tokens: 8, step_down: { medium: 0.3 } },
    );
    const unpressed: string[] = [];
    const pressed: Answer[] = [];
    for (let i = 0; i < 6; i++) {
      const before = await meter.spent('any');
      const answer = await ask(client, 'hello');
      if (before / 100 >= 0.3) pressed.push(answer);
      else unpressed.push(answer.answeredBy);
      await meter.settlesTo(before + USED, 'any');
    }
    expect([...unpressed].sort()).to.deep.equal(['cheap', 'dear']);
    expect(pressed.map((a) => [a.answeredBy, a.step])).to.deep.equal([
      ['cheap', 'medium'],
      ['cheap', 'medium'],
      ['cheap', 'medium'],
      ['cheap', 'medium'],
    ]);
    const decision = (await traceOf(pressed[0].traceId)).route_decision;
    expect(decision.strategy).to.equal('cost');
    expect(decision.budget_step).to.include({ step: 'medium', applied: 'cheapest' });
    expect(decision.budget_step).to.not.have.property('classified_tier');
  });

  it('a policy whose simple threshold is below its medium one is refused when written (422 naming the field)', async () => {
    const token = await mintAdminToken(gateway.jwtSecret, { sub: 'ops', roles: ['platform_admin'] });
    const res = await fetch(`${gateway.urls.admin}/v1/gateways/${gatewayId}/policies`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'bad steps', type: 'token_rate_limiter', settings: { limits: [{ amount: 100, window: 'day' }], step_down: { medium: 0.9, simple: 0.5 } } }),
    });
    expect(res.status).to.equal(422);
    expect(await res.json()).to.deep.equal({ error: 'validation_failed', message: '/settings/step_down/simple must be at least medium (0.9)' });
    // Nothing was written.
    expect(await gateway.store!.collection(COLLECTIONS.policies).findOne({ name: 'bad steps' })).to.equal(null);
  });
});
