/**
 * An upstream that never stops sending: the gateway holds at most its answer limit of one answer
 * (here 64 KiB) and then drops the upstream connection. A chat or embeddings answer read whole
 * becomes 502 `upstream_error`, a stream ends with the one failure event, and an error answer is
 * judged on its first MiB. Without the limit each of these requests would never be answered.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import OpenAI from 'openai';
import { COLLECTIONS } from '../../../core/records/types.js';
import { jsonOf, postChat, readEvents } from './support/raw-chat.js';
import { startProxyWorld, type ProxyWorld } from './support/proxy-world.js';
import { sendWithoutEnd } from '../../fixtures/network/endless-answer.js';

const LIMIT = 64 * 1024;

type Endless = 'chat' | 'stream' | 'embeddings' | 'error';

describe('proxy: the upstream answer limit', () => {
  let world: ProxyWorld;
  let server: Server;
  let mode: Endless = 'chat';
  let hungUp: Promise<boolean>;

  before(async () => {
    world = await startProxyWorld({ gateway: { upstreamAnswerLimitBytes: LIMIT } });
    const filler = 'x'.repeat(16 * 1024);
    server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        if (mode === 'chat') hungUp = sendWithoutEnd(res, '{"id":"c1","object":"chat.completion","choices":[{"index":0,"message":{"role":"assistant","content":"', filler);
        else if (mode === 'embeddings') hungUp = sendWithoutEnd(res, '{"object":"list","data":[{"object":"embedding","index":0,"embedding":[0.1', ',0.1'.repeat(4096));
        else if (mode === 'error') hungUp = sendWithoutEnd(res, '{"error":{"message":"overloaded, try later","type":"server_error","detail":"', filler, 503);
        else {
          // One whole chunk, then an event that never ends (no blank line ever comes).
          const chunk = JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'gpt-4o-mini', choices: [{ index: 0, delta: { content: 'first ' }, finish_reason: null }] });
          hungUp = sendWithoutEnd(res, `data: ${chunk}\n\ndata: {"id":"c1","choices":[{"delta":{"content":"`, filler, 200, 'text/event-stream');
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    await world.gateway.seed.update(COLLECTIONS.registries, world.registries['openai-chat']._id, {
      $set: { base_url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1` },
    });
    await world.gateway.configChanged();
  });
  after(async () => {
    server?.closeAllConnections();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    await world?.close();
  });

  const client = () => new OpenAI({ apiKey: world.key, baseURL: `${world.base}/v1`, maxRetries: 0 });

  it('answers 502 upstream_error to a chat answer longer than the limit, and drops the upstream connection', async () => {
    mode = 'chat';
    const err = await client()
      .chat.completions.create({ model: world.pin('openai-chat'), messages: [{ role: 'user', content: 'hi' }] })
      .then(() => undefined, (e: unknown) => e);
    expect(err).to.be.instanceOf(OpenAI.APIError);
    expect((err as InstanceType<typeof OpenAI.APIError>).status).to.equal(502);
    expect((err as InstanceType<typeof OpenAI.APIError>).message).to.contain(`upstream answer exceeds ${LIMIT} bytes`);
    expect(await hungUp).to.equal(true);
  });

  it('answers 502 to an embeddings answer longer than the limit', async () => {
    mode = 'embeddings';
    const err = await client()
      .embeddings.create({ model: world.pin('openai-chat'), input: 'hi' })
      .then(() => undefined, (e: unknown) => e);
    expect((err as InstanceType<typeof OpenAI.APIError>).status).to.equal(502);
    expect((err as InstanceType<typeof OpenAI.APIError>).message).to.contain(`exceeds ${LIMIT} bytes`);
    expect(await hungUp).to.equal(true);
  });

  it('ends a stream longer than the limit with the one failure event, after what came before', async () => {
    mode = 'stream';
    const response = await postChat(world.base, world.key, 'openai-chat', world.pin('openai-chat'), true);
    expect(response.status).to.equal(200);
    const { events } = await readEvents(response);
    const failures = events.filter((e) => jsonOf(e)?.error !== undefined);
    expect(failures).to.have.length(1);
    expect(jsonOf(failures[0]!)!.error).to.include({ message: 'upstream stream terminated unexpectedly', type: 'upstream_error' });
    expect(jsonOf(events[0]!)?.choices?.[0]?.delta?.content).to.equal('first ');
    expect(await hungUp).to.equal(true);
  });

  it('reads an endless error answer only as far as it needs and keeps its status', async () => {
    mode = 'error';
    const response = await postChat(world.base, world.key, 'openai-chat', world.pin('openai-chat'), false);
    expect(response.status).to.equal(503);
    expect(await hungUp).to.equal(true);
  });

  it('still answers a chat answer within the limit', async () => {
    world.upstreams['openai-chat'].enqueue({ kind: 'text', text: 'y'.repeat(LIMIT / 2) });
    await world.gateway.seed.update(COLLECTIONS.registries, world.registries['openai-chat']._id, { $set: { base_url: world.upstreams['openai-chat'].url } });
    await world.gateway.configChanged();
    const answer = await client().chat.completions.create({ model: world.pin('openai-chat'), messages: [{ role: 'user', content: 'hi' }] });
    expect(answer.choices[0]!.message.content).to.have.length(LIMIT / 2);
  });
});
