/**
 * request_size_limiter through a running gateway: payload bytes and prompt characters at their
 * boundary, 413 naming the limit in the client's format, before the upstream.
 */
import { expect } from 'chai';
import OpenAI from 'openai';
import { startPolicyGateway, type PolicyGateway } from './support/policy-gateway.js';

describe('request_size_limiter through a running gateway', function () {
  this.timeout(30_000);
  let pg: PolicyGateway;

  /** A raw chat request body whose prompt is `content`. */
  const body = (content: string) => JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content }] });
  const post = (raw: string) =>
    fetch(`${pg.gateway.proxyUrl('app')}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${pg.key}`, 'content-type': 'application/json' },
      body: raw,
    });

  before(async () => {
    pg = await startPolicyGateway();
  });
  after(async () => {
    await pg?.close();
  });

  it('passes a body of exactly max_bytes and refuses one byte more with 413 naming max_bytes, before the upstream', async () => {
    const exact = body('x'.repeat(200));
    const size = Buffer.byteLength(exact);
    await pg.attach('request_size_limiter', { max_bytes: size });
    expect((await post(exact)).status).to.equal(200);
    const before = pg.upstreamCalls();
    const over = await post(body('x'.repeat(201)));
    expect(over.status).to.equal(413);
    const error = ((await over.json()) as { error: { message: string; type: string } }).error;
    expect(error.message).to.equal(`request body is ${size + 1} bytes, over the limit of ${size} bytes (request_size_limiter max_bytes)`);
    expect(over.headers.get('x-gateway-error-source')).to.equal('gateway');
    expect(pg.upstreamCalls()).to.equal(before);
  });

  it('counts multi-byte characters as bytes for max_bytes', async () => {
    const size = Buffer.byteLength(body('é'.repeat(10)));
    await pg.attach('request_size_limiter', { max_bytes: size - 1 });
    expect((await post(body('é'.repeat(10)))).status).to.equal(413);
  });

  it('passes a prompt of exactly max_characters and refuses one character more with 413 naming max_characters', async () => {
    await pg.attach('request_size_limiter', { max_characters: 120 });
    const client = pg.client();
    const system = { role: 'system' as const, content: 's'.repeat(20) };
    await client.chat.completions.create({ model: 'gpt-4o-mini', messages: [system, { role: 'user', content: 'u'.repeat(100) }] });
    const before = pg.upstreamCalls();
    const err = (await client.chat.completions
      .create({ model: 'gpt-4o-mini', messages: [system, { role: 'user', content: 'u'.repeat(101) }] })
      .catch((e: unknown) => e)) as InstanceType<typeof OpenAI.APIError>;
    expect(err.status).to.equal(413);
    expect(err.message).to.contain('prompt is 121 characters, over the limit of 120 characters (request_size_limiter max_characters)');
    expect(pg.upstreamCalls()).to.equal(before);
  });

  it('counts an emoji as one character', async () => {
    await pg.attach('request_size_limiter', { max_characters: 3 });
    const client = pg.client();
    await client.chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: '😀😀😀' }] });
    expect(((await client.chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: '😀😀😀😀' }] }).catch((e: unknown) => e)) as { status: number }).status).to.equal(413);
  });

  it('answers in the client\'s format (Anthropic Messages: request_too_large)', async () => {
    await pg.attach('request_size_limiter', { max_characters: 5 });
    const res = await fetch(`${pg.gateway.proxyUrl('app')}/v1/messages`, {
      method: 'POST',
      headers: { 'x-api-key': pg.key, 'content-type': 'application/json', 'anthropic-version': '2023-06-01' },
      body: JSON.stringify({ model: 'gpt-4o-mini', max_tokens: 10, messages: [{ role: 'user', content: 'too long a prompt' }] }),
    });
    expect(res.status).to.equal(413);
    const error = (await res.json()) as { type: string; error: { type: string; message: string } };
    expect(error.type).to.equal('error');
    expect(error.error.type).to.equal('request_too_large');
    expect(error.error.message).to.contain('max_characters');
  });
});
