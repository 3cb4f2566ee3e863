/**
 * token_rate_limiter counts every operation, not chat alone: an embeddings request settles to
 * the upstream's `usage.prompt_tokens`, an image generation to the `usage` a GPT image model
 * reports, in tokens and in dollars (catalog price for the embeddings model, the registry's own
 * price for the image model), and a budget they spent refuses the next request of any operation
 * with 429 before the upstream.
 */
import { expect } from 'chai';
import OpenAI from 'openai';
import { LocalCounterStore } from '../../../core/plugin/counters.js';
import { embeddingsRoutes } from '../../fixtures/providers/openai/embeddings-route.js';
import { IMAGE_USAGE, imagesRoutes } from '../../fixtures/providers/openai/images-route.js';
import { budgetMeter, type BudgetMeter } from './support/budget-meter.js';
import { startPolicyGateway, type PolicyGateway } from './support/policy-gateway.js';

type ApiError = InstanceType<typeof OpenAI.APIError>;

/** The fake embeddings upstream reports 4 prompt tokens per input. */
const EMBEDDING_TOKENS = 4;
const IMAGE_TOKENS = IMAGE_USAGE.input_tokens + IMAGE_USAGE.output_tokens;
/** USD per million tokens: the catalog's text-embedding-3-small price, the registry's own gpt-image-1 price. */
const EMBEDDING_NANO = EMBEDDING_TOKENS * 0.02 * 1_000;
const IMAGE_NANO = IMAGE_USAGE.input_tokens * 5 * 1_000 + IMAGE_USAGE.output_tokens * 40 * 1_000;

describe('token_rate_limiter counts embeddings and images spend', function () {
  this.timeout(30_000);
  let pg: PolicyGateway;
  let counters: LocalCounterStore;

  const embed = () => pg.client().embeddings.create({ model: 'text-embedding-3-small', input: 'hello' });
  const image = () => pg.client().images.generate({ model: 'gpt-image-1', prompt: 'a lighthouse' });
  const refusalOf = async (call: () => Promise<unknown>) => (await call().catch((e: unknown) => e)) as ApiError;
  const upstreamCalls = () => pg.upstream.requests.filter((r) => r.path === '/v1/embeddings' || r.path.startsWith('/v1/images/')).length;
  const attach = async (settings: Record<string, unknown>): Promise<BudgetMeter> => {
    const policy = await pg.attach('token_rate_limiter', settings);
    return budgetMeter(counters, pg.gateway.host, policy, pg.consumerId);
  };

  before(async () => {
    counters = new LocalCounterStore();
    pg = await startPolicyGateway({
      counters,
      upstream: { routes: [...embeddingsRoutes, ...imagesRoutes] },
      registry: { models: ['gpt-4o-mini', 'text-embedding-3-small', 'gpt-image-1'], options: { prices: { 'gpt-image-1': { input: 5, output: 40 } } } },
    });
  });
  after(async () => {
    await pg?.close();
  });

  it('tokens: an embeddings request and an image generation settle to their reported usage; the spent budget refuses the next request', async () => {
    const meter = await attach({ limits: [{ amount: 200, window: 'minute' }] });
    await embed();
    await meter.settlesTo(EMBEDDING_TOKENS, 'text-embedding-3-small');
    await image();
    await meter.settlesTo(EMBEDDING_TOKENS + IMAGE_TOKENS, 'gpt-image-1');
    const before = upstreamCalls();
    for (const call of [embed, image]) {
      const err = await refusalOf(call);
      expect(err).to.be.instanceOf(OpenAI.RateLimitError);
      expect(err.status).to.equal(429);
      expect(err.message).to.contain(`budget exceeded: ${EMBEDDING_TOKENS + IMAGE_TOKENS} tokens of 200 tokens used this minute`);
    }
    expect(upstreamCalls()).to.equal(before);
  });

  it('tokens per model: each operation is counted on its own model', async () => {
    const meter = await attach({ limits: [{ amount: 10_000, window: 'day', per_model: true }] });
    await embed();
    await image();
    await meter.settlesTo(EMBEDDING_TOKENS, 'text-embedding-3-small');
    await meter.settlesTo(IMAGE_TOKENS, 'gpt-image-1');
  });

  it('dollars: embeddings at the catalog price, an image at the registry price; the spent budget refuses the next request', async () => {
    const meter = await attach({ unit: 'dollars', limits: [{ amount: 0.01, window: 'day' }] });
    await embed();
    await meter.settlesTo(EMBEDDING_NANO, 'text-embedding-3-small');
    await image();
    await meter.settlesTo(EMBEDDING_NANO + IMAGE_NANO, 'gpt-image-1');
    const before = upstreamCalls();
    const err = await refusalOf(embed);
    expect(err.status).to.equal(429);
    expect(err.message).to.contain('budget exceeded');
    expect(upstreamCalls()).to.equal(before);
  });
});
