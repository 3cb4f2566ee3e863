import { expect } from 'chai';
import type { FakeUpstream } from '../../../../fixtures/providers/fake-upstream.js';
import { FAKE_THOUGHT_SIGNATURE, startFakeGemini } from '../../../../fixtures/providers/gemini/server.js';

const body = { contents: [{ role: 'user', parts: [{ text: 'hi' }] }] };

async function post(fake: FakeUpstream, path: string, headers: Record<string, string> = { 'x-goog-api-key': 'k' }, init: RequestInit = {}) {
  return fetch(`${fake.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body), ...init });
}

/** The JSON chunks of an SSE body. */
function sseChunks(text: string): Array<Record<string, unknown>> {
  return text
    .split(/\r?\n\r?\n/)
    .filter((block) => block.startsWith('data: '))
    .map((block) => JSON.parse(block.slice(6)) as Record<string, unknown>);
}

describe('test/fixtures/providers/gemini fake upstream', () => {
  let fake: FakeUpstream;
  beforeEach(async () => {
    fake = await startFakeGemini();
  });
  afterEach(async () => {
    await fake.close();
  });

  it('answers generateContent with the default text, and records the request', async () => {
    const res = await post(fake, '/v1beta/models/gemini-2.5-flash:generateContent');
    expect(res.status).to.equal(200);
    expect(await res.json()).to.deep.equal({
      candidates: [{ content: { parts: [{ text: 'Hello from gemini' }], role: 'model' }, index: 0, finishReason: 'STOP' }],
      usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 5, totalTokenCount: 15 },
      modelVersion: 'gemini-2.5-flash',
      responseId: 'fake-gemini-1',
    });
    expect(fake.requests).to.have.length(1);
    expect(fake.requests[0]).to.deep.include({ method: 'POST', path: '/v1beta/models/gemini-2.5-flash:generateContent', body, aborted: false });
    expect(fake.requests[0]!.headers['x-goog-api-key']).to.equal('k');
  });

  it('accepts the key as ?key=, refuses a missing key with 403 and a wrong one with 400', async () => {
    expect((await post(fake, '/v1beta/models/m:generateContent?key=abc', {})).status).to.equal(200);
    expect(fake.requests[0]!.query).to.deep.equal({ key: 'abc' });
    const missing = await post(fake, '/v1beta/models/m:generateContent', {});
    expect(missing.status).to.equal(403);
    expect(((await missing.json()) as { error: { status: string } }).error.status).to.equal('PERMISSION_DENIED');
    const strict = await startFakeGemini({ apiKey: 'right' });
    try {
      const wrong = await post(strict, '/v1beta/models/m:generateContent', { 'x-goog-api-key': 'wrong' });
      expect(wrong.status).to.equal(400);
      expect(((await wrong.json()) as { error: { status: string; details: Array<{ reason: string }> } }).error).to.deep.include({ status: 'INVALID_ARGUMENT' });
      expect((await post(strict, '/v1beta/models/m:generateContent', { 'x-goog-api-key': 'right' })).status).to.equal(200);
    } finally {
      await strict.close();
    }
  });

  it('answers 404 NOT_FOUND on other paths', async () => {
    const res = await post(fake, '/v1beta/models/m:countTokens');
    expect(res.status).to.equal(404);
    expect(await res.json()).to.deep.equal({ error: { code: 404, message: 'Method or path not found: POST /v1beta/models/m:countTokens', status: 'NOT_FOUND' } });
  });

  it('sends a thought part and signs the answer after it', async () => {
    fake.enqueue({ kind: 'text', text: 'Four.', thinking: 'Two plus two.' });
    const json = (await (await post(fake, '/v1beta/models/m:generateContent')).json()) as { candidates: Array<{ content: { parts: unknown[] } }> };
    expect(json.candidates[0]!.content.parts).to.deep.equal([{ text: 'Two plus two.', thought: true }, { text: 'Four.', thoughtSignature: FAKE_THOUGHT_SIGNATURE }]);
  });

  it('sends parallel calls as functionCall parts, ids only where given', async () => {
    fake.enqueue({ kind: 'tool_calls', text: 'Let me check.', calls: [{ name: 'a', arguments: { x: 1 } }, { id: 'b-1', name: 'b', arguments: {} }] });
    const json = (await (await post(fake, '/v1beta/models/m:generateContent')).json()) as { candidates: Array<{ content: { parts: unknown[] } }> };
    expect(json.candidates[0]!.content.parts).to.deep.equal([
      { text: 'Let me check.' },
      { functionCall: { name: 'a', args: { x: 1 } }, thoughtSignature: FAKE_THOUGHT_SIGNATURE },
      { functionCall: { id: 'b-1', name: 'b', args: {} } },
    ]);
  });

  it('answers errors in Google\'s shape, with RetryInfo when a retry delay is set, also on stream paths', async () => {
    fake.enqueue({ kind: 'error', status: 429, message: 'Quota exceeded', retryAfterSeconds: 7 }, { kind: 'error', status: 503, message: 'overloaded' });
    const res = await post(fake, '/v1beta/models/m:generateContent');
    expect(res.status).to.equal(429);
    expect(await res.json()).to.deep.equal({
      error: { code: 429, message: 'Quota exceeded', status: 'RESOURCE_EXHAUSTED', details: [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '7s' }] },
    });
    const streamed = await post(fake, '/v1beta/models/m:streamGenerateContent?alt=sse');
    expect(streamed.status).to.equal(503);
    expect(await streamed.json()).to.deep.equal({ error: { code: 503, message: 'overloaded', status: 'UNAVAILABLE' } });
  });

  it('streams SSE chunks with the usage and finish reason on the last one only', async () => {
    fake.enqueue({ kind: 'text', text: 'one two three' });
    const res = await post(fake, '/v1beta/models/m:streamGenerateContent?alt=sse');
    expect(res.headers.get('content-type')).to.equal('text/event-stream');
    const chunks = sseChunks(await res.text());
    expect(chunks).to.have.length(3);
    expect(chunks.map((c) => (c.candidates as Array<{ content: { parts: Array<{ text: string }> } }>)[0]!.content.parts[0]!.text).join('')).to.equal('one two three');
    expect(chunks.slice(0, 2).every((c) => c.usageMetadata === undefined)).to.equal(true);
    expect(chunks[2]).to.have.property('usageMetadata');
    expect((chunks[2]!.candidates as Array<{ finishReason: string }>)[0]!.finishReason).to.equal('STOP');
  });

  it('splits into the configured number of chunks and streams a JSON array without alt=sse', async () => {
    const chunked = await startFakeGemini({ chunks: 2, usage: { input: 3, output: 4, cached: 1 }, model: 'gemini-pinned' });
    try {
      const res = await post(chunked, '/v1beta/models/m:streamGenerateContent');
      const array = (await res.json()) as Array<Record<string, unknown>>;
      expect(array).to.have.length(2);
      expect(array[1]!.usageMetadata).to.deep.equal({ promptTokenCount: 3, candidatesTokenCount: 4, totalTokenCount: 7, cachedContentTokenCount: 1 });
      expect(array[1]!.modelVersion).to.equal('gemini-pinned');
    } finally {
      await chunked.close();
    }
  });

  it('streams calls whole, after the text, in a last chunk', async () => {
    fake.enqueue({ kind: 'tool_calls', calls: [{ name: 'a', arguments: { q: 'x' } }, { name: 'b', arguments: {} }] });
    const chunks = sseChunks(await (await post(fake, '/v1beta/models/m:streamGenerateContent?alt=sse')).text());
    expect(chunks).to.have.length(1);
    const parts = (chunks[0]!.candidates as Array<{ content: { parts: unknown[] } }>)[0]!.content.parts;
    expect(parts).to.have.length(2);
  });

  it('cuts a stream after the given chunks by destroying the socket', async () => {
    fake.enqueue({ kind: 'cut', text: 'a b c d', afterChunks: 2 });
    const res = await post(fake, '/v1beta/models/m:streamGenerateContent?alt=sse');
    const reader = res.body!.getReader();
    let text = '';
    let failed = false;
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        text += new TextDecoder().decode(value);
      }
    } catch {
      failed = true;
    }
    expect(failed).to.equal(true);
    expect(sseChunks(text)).to.have.length(2);
    expect(fake.requests[0]!.aborted, 'the fake cut it; the client did not go away').to.equal(false);
  });

  it('cuts a non-streaming answer by closing the connection without an answer', async () => {
    fake.enqueue({ kind: 'cut', text: 'x', afterChunks: 0 });
    const error = await post(fake, '/v1beta/models/m:generateContent').catch((e: unknown) => e);
    expect(error).to.be.instanceOf(Error);
  });

  it('hangs until the client goes away, then records the request as aborted', async () => {
    fake.enqueue({ kind: 'hang' });
    const controller = new AbortController();
    const pending = post(fake, '/v1beta/models/m:generateContent', undefined, { signal: controller.signal }).catch((e: unknown) => e);
    while (fake.requests.length === 0) await new Promise((r) => setTimeout(r, 5));
    controller.abort();
    expect(await pending).to.be.instanceOf(Error);
    for (let i = 0; i < 100 && !fake.requests[0]!.aborted; i++) await new Promise((r) => setTimeout(r, 5));
    expect(fake.requests[0]!.aborted).to.equal(true);
  });

  it('answers 200 with a body that is not a GenerateContentResponse when malformed', async () => {
    fake.enqueue({ kind: 'malformed' }, { kind: 'malformed' });
    const res = await post(fake, '/v1beta/models/m:generateContent');
    expect(res.status).to.equal(200);
    expect(await res.json()).not.to.have.property('candidates');
    const streamed = await post(fake, '/v1beta/models/m:streamGenerateContent?alt=sse');
    expect(streamed.status).to.equal(200);
    expect(await streamed.text()).to.match(/^data: this is not/);
  });

  it('uses setDefault once the queue is empty', async () => {
    fake.setDefault({ kind: 'text', text: 'default' });
    fake.enqueue({ kind: 'text', text: 'queued' });
    const texts: string[] = [];
    for (let i = 0; i < 2; i++) {
      const json = (await (await post(fake, '/v1beta/models/m:generateContent')).json()) as { candidates: Array<{ content: { parts: Array<{ text: string }> } }> };
      texts.push(json.candidates[0]!.content.parts[0]!.text);
    }
    expect(texts).to.deep.equal(['queued', 'default']);
  });
});
