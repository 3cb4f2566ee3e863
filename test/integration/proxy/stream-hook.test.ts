/**
 * Streams as a pipeline stage: the relay runs the checkStream hook at every window of a streamed
 * answer under the interceptor (stage and priority order, failure modes) like every other hook,
 * and the chain's strictest stream policy decides how output checks see a stream: `window` runs
 * checkStream as the stream is relayed; `buffer` runs checkOutput on the whole answer before the
 * client gets its first byte. Test plugins (test/fixtures/plugins/stream-recorder*) are loaded
 * as third-party plugins; the OpenAI SDK is the client where a well-formed stream is expected.
 */
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import OpenAI from 'openai';
import { createTestGateway, splitIntoChunks, startFakeOpenAI, type FakeOpenAI, type TestGateway } from 'portcullis/testing';
import { recordedWindows } from '../../fixtures/plugins/stream-recorder/recorder.js';

const fixture = (name: string) => fileURLToPath(new URL(`../../fixtures/plugins/${name}`, import.meta.url));
const ANSWER = 'alpha beta gamma delta epsilon zeta';
/** The length of the answer after each of its streamed text chunks. */
const PREFIXES = splitIntoChunks(ANSWER).map((_, i, all) => all.slice(0, i + 1).join('').length);
const TRAIL = `stream-hook-${process.pid}`;
const trail = (name: string) => `${TRAIL}-${name}`;

describe('proxy: the checkStream hook and stream policies', () => {
  let gateway: TestGateway;
  let upstream: FakeOpenAI;
  let gatewayId: string;
  let registryId: string;
  const keys: Record<string, string> = {};

  /** A consumer carrying the given policies (type, settings, priority). */
  async function consumerWith(slug: string, policies: Array<{ type: string; settings: Record<string, unknown>; priority?: number }>) {
    const { consumer, key } = await gateway.seed.consumer(gatewayId, { slug, registries: [{ registry_id: registryId, weight: 1 }] });
    keys[slug] = key;
    for (const p of policies) await gateway.seed.policy(gatewayId, { type: p.type, settings: p.settings, priority: p.priority ?? 0 }, [consumer._id]);
  }

  const client = (slug: string) => new OpenAI({ apiKey: keys[slug], baseURL: `${gateway.proxyUrl(slug)}/v1`, maxRetries: 0 });
  const streamed = async (slug: string) => {
    const stream = await client(slug).chat.completions.create({ model: 'gpt-4o-mini', stream: true, messages: [{ role: 'user', content: 'go' }] });
    let text = '';
    for await (const chunk of stream) text += chunk.choices[0]?.delta?.content ?? '';
    return text;
  };
  const raw = (slug: string) =>
    fetch(`${gateway.proxyUrl(slug)}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${keys[slug]}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-4o-mini', stream: true, messages: [{ role: 'user', content: 'go' }] }),
    });

  before(async () => {
    upstream = await startFakeOpenAI();
    upstream.setDefault({ kind: 'text', text: ANSWER });
    gateway = await createTestGateway({
      plugins: [fixture('stream-recorder'), fixture('stream-recorder-open'), fixture('stream-recorder-buffer'), fixture('stage-recorder')],
      planes: ['proxy'],
    });
    gatewayId = (await gateway.seed.gateway()).id;
    registryId = (await gateway.seed.registry(gatewayId, { provider: 'openai', base_url: upstream.url, apiKey: 'sk-up', models: ['gpt-4o-mini'] }))._id;
    await consumerWith('ordered', [
      { type: 'stream_recorder', settings: { label: 'late', trail: trail('ordered'), stage: 700 }, priority: 100 },
      { type: 'stream_recorder', settings: { label: 'low', trail: trail('ordered'), stage: 500 }, priority: 1 },
      { type: 'stream_recorder_open', settings: { label: 'high', trail: trail('ordered'), stage: 500 }, priority: 50 },
    ]);
    await consumerWith('closed', [{ type: 'stream_recorder', settings: { label: 'closed', trail: trail('closed'), throwAt: PREFIXES[2] } }]);
    await consumerWith('open', [{ type: 'stream_recorder_open', settings: { label: 'open', trail: trail('open'), throwAt: 1 } }]);
    await consumerWith('stopping', [{ type: 'stream_recorder', settings: { label: 'stop', trail: trail('stopping'), stopAt: PREFIXES[1] } }]);
    await consumerWith('buffered', [
      { type: 'stream_recorder', settings: { label: 'window', trail: trail('buffered') } },
      { type: 'stream_recorder_buffer', settings: { label: 'buffer', trail: trail('buffered'), blockOutput: true } },
    ]);
    await consumerWith('buffered-pass', [{ type: 'stream_recorder_buffer', settings: { label: 'buffer', trail: trail('buffered-pass') } }]);
    // stage_recorder declares no stream policy and taps checkOutput: it gets `buffer`.
    await consumerWith('undeclared', [{ type: 'stage_recorder', settings: { label: 'rec' } }]);
    await gateway.configChanged();
  });

  after(async () => {
    await gateway?.close();
    await upstream?.close();
  });

  it('runs every checkStream tap at every window of a streamed answer, in stage then priority order', async () => {
    expect(await streamed('ordered')).to.equal(ANSWER);
    const windows = recordedWindows(trail('ordered'));
    expect(windows.length % 3, windows.join(' ')).to.equal(0);
    const lengths: number[] = [];
    for (let i = 0; i < windows.length; i += 3) {
      const length = windows[i].split(':')[1];
      expect(windows.slice(i, i + 3), `window ${i / 3}`).to.deep.equal([`high:${length}`, `low:${length}`, `late:${length}`]);
      lengths.push(Number(length));
    }
    // Every text chunk of the answer was a window of its own, and the last window saw it all.
    expect(lengths).to.include.members(PREFIXES);
    expect(lengths.at(-1)).to.equal(ANSWER.length);
  });

  it('stops the stream with the failure event when a tap returns a reason, before the event that tripped it', async () => {
    const res = await raw('stopping');
    expect(res.status).to.equal(200);
    const body = await res.text();
    expect(body).to.contain('stop stopped the stream');
    expect(body).to.contain('"alpha "');
    expect(body).to.not.contain('beta');
    expect(body).to.not.contain('[DONE]');
  });

  it('a tap failing closed stops the stream with the plugin_failed failure event', async () => {
    const res = await raw('closed');
    expect(res.status).to.equal(200);
    const body = await res.text();
    expect(body).to.contain('plugin_failed');
    expect(body).to.contain('beta');
    expect(body).to.not.contain('gamma');
    expect(body).to.not.contain('[DONE]');
    expect(body).to.not.contain('closed broke', 'the thrown message is not exposed');
  });

  it('a tap failing open is logged and the stream goes on to its end', async () => {
    expect(await streamed('open')).to.equal(ANSWER);
    const windows = recordedWindows(trail('open')).map((w) => Number(w.split(':')[1]));
    expect(windows).to.include.members(PREFIXES);
  });

  it('buffer (the strictest of the chain) blocks a streamed answer before its first byte: 403 in the client format, no window run', async () => {
    const res = await raw('buffered');
    expect(res.status).to.equal(403);
    expect(res.headers.get('content-type')).to.contain('application/json');
    const body = (await res.json()) as { error: { message: string } };
    expect(body.error.message).to.contain('buffer refused the answer');
    // Both policies' output checks saw the whole answer; no window of it was checked.
    expect([...recordedWindows(trail('buffered'))].sort()).to.deep.equal(['buffer:checkOutput', 'window:checkOutput']);

    recordedWindows(trail('buffered')).length = 0;
    let status: number | undefined;
    try {
      await streamed('buffered');
    } catch (err) {
      status = (err as InstanceType<typeof OpenAI.APIError>).status;
    }
    expect(status).to.equal(403);
  });

  it('buffer passes an answer its checks allow as a whole stream, after checkOutput saw the whole answer', async () => {
    expect(await streamed('buffered-pass')).to.equal(ANSWER);
    expect(recordedWindows(trail('buffered-pass'))).to.deep.equal(['buffer:checkOutput']);
    const res = await raw('buffered-pass');
    expect(res.status).to.equal(200);
    expect(await res.text()).to.contain('[DONE]');
  });

  it('a plugin declaring no stream policy that taps checkOutput gets buffer: its output checks see streamed answers', async () => {
    const res = await raw('undeclared');
    expect(res.status).to.equal(200);
    expect(res.headers.get('x-stage-trail')).to.contain('rec:transformOutput').and.to.contain('rec:checkOutput');
    const body = await res.text();
    expect(body).to.contain('[DONE]');
    for (const word of ANSWER.split(' ')) expect(body).to.contain(word);
  });
});
