/**
 * The non-chat routes run the same policy stages as chat around their upstream call: `admit`
 * (size, rate and any gate) before routing, `beforeAttempt` per upstream call, then `settle`
 * after the response; a rejection at admit reaches no upstream.
 */
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import OpenAI, { toFile } from 'openai';
import { call, openAIError, startEndpointWorld, type EndpointWorld } from './support/endpoint-world.js';
import { handBuiltForm } from './support/hand-built-form.js';

const recorder = fileURLToPath(new URL('../../../fixtures/plugins/stage-recorder', import.meta.url));
const settled = () => ((globalThis as Record<string, unknown>).__settled as string[] | undefined) ?? [];

async function eventually(check: () => boolean): Promise<void> {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 20));
}

describe('proxy endpoints: policy stages', () => {
  let world: EndpointWorld;

  before(async () => {
    world = await startEndpointWorld({ plugins: [recorder] });
  });
  after(async () => {
    await world?.close();
  });

  it('admit and beforeAttempt run on every operation, and settle after the response', async () => {
    const c = await world.consumer('stages', ['oa']);
    await world.gateway.seed.policy(world.gatewayId, { type: 'stage_recorder', settings: { label: 'rec' } }, [c.consumer._id]);
    await world.gateway.configChanged();
    const responses = [
      (await c.client.embeddings.create({ model: 'text-embedding-3-small', input: 'x' }).withResponse()).response,
      (await c.client.images.generate({ model: 'dall-e-3', prompt: 'p' }).withResponse()).response,
      await c.client.audio.speech.create({ model: 'tts-1', voice: 'alloy', input: 'x' }),
      (await c.client.files.list().withResponse()).response,
    ];
    for (const response of responses) {
      expect(response.headers.get('x-stage-trail')).to.equal('rec:admit,rec:beforeAttempt');
      const traceId = response.headers.get('x-ag-trace-id')!;
      await eventually(() => settled().includes(`rec:${traceId}`));
      expect(settled()).to.include(`rec:${traceId}`);
    }
  });

  it('a rejection at admit is the answer, with its headers, and no upstream is called', async () => {
    const c = await world.consumer('stages-reject', ['oa']);
    await world.gateway.seed.policy(world.gatewayId, { type: 'stage_recorder', settings: { label: 'gate', reject: true } }, [c.consumer._id]);
    await world.gateway.configChanged();
    const before = world.hits('oa');
    const err = (await c.client.images.generate({ model: 'dall-e-3', prompt: 'p' }).catch((e: unknown) => e)) as InstanceType<typeof OpenAI.APIError>;
    expect(err.status).to.equal(429);
    expect(err.headers?.get('retry-after')).to.equal('7');
    expect(err.headers?.get('x-gateway-error-source')).to.equal('gateway');
    const upload = await c.client.files.create({ file: await toFile(Buffer.from('x'), 'a.jsonl'), purpose: 'batch' }).catch((e: unknown) => e);
    expect((upload as InstanceType<typeof OpenAI.APIError>).status).to.equal(429);
    expect(world.hits('oa')).to.equal(before);
  });

  it('request_size_limiter refuses an oversized multipart upload with 413 before any upstream call', async () => {
    const c = await world.consumer('stages-size', ['oa']);
    await world.gateway.seed.policy(world.gatewayId, { type: 'request_size_limiter', settings: { max_bytes: 1024 } }, [c.consumer._id]);
    await world.gateway.configChanged();
    const before = world.hits('oa');
    const small = handBuiltForm([{ name: 'purpose', value: 'batch' }, { name: 'file', value: '{}', filename: 'a.jsonl' }]);
    expect((await call(c, 'POST', '/v1/files', { body: small.body, headers: { 'content-type': small.contentType } })).status).to.equal(200);
    const big = handBuiltForm([{ name: 'purpose', value: 'batch' }, { name: 'file', value: 'x'.repeat(4096), filename: 'b.jsonl' }]);
    const refused = await call(c, 'POST', '/v1/files', { body: big.body, headers: { 'content-type': big.contentType } });
    expect(refused.status).to.equal(413);
    expect(await openAIError(refused)).to.contain('max_bytes');
    expect(world.hits('oa')).to.equal(before + 1);
  });

  it('rate_limiter counts non-chat requests', async () => {
    const c = await world.consumer('stages-rate', ['oa']);
    await world.gateway.seed.policy(world.gatewayId, { type: 'rate_limiter', settings: { limits: [{ requests: 2, window: 'minute' }] } }, [c.consumer._id]);
    await world.gateway.configChanged();
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await call(c, 'POST', '/v1/embeddings', { json: { model: 'text-embedding-3-small', input: 'x' } })).status);
    expect(statuses).to.deep.equal([200, 200, 429]);
  });
});
