/**
 * What a proxy client puts in the URL is decoded in one guarded place: a path segment with a
 * malformed percent-escape (consumer slug, Gemini model, models id, files id) is a 404, and a
 * query parameter with one is a 400, each in the client format's own error object, never a 500.
 * Every query parameter is single-valued: a repeated one (`?key=` above all) is a 400 before
 * any credential is read, so an unauthenticated client never gets a 5xx.
 */
import { expect } from 'chai';
import { chatBody } from './support/raw-chat.js';
import { startProxyWorld, type ProxyWorld } from './support/proxy-world.js';

/** A truncated three-byte UTF-8 escape: `decodeURIComponent` throws on it. */
const BAD = '%E0%A4%A';

/** An OpenAI error object (`{error: {message, type}}`), as the non-Gemini paths answer. */
function expectOpenAiError(body: any, type: string): void {
  expect(body, JSON.stringify(body)).to.have.nested.property('error.type', type);
  expect(body.error.message).to.be.a('string').and.not.empty;
}

/** A Google error object (`{error: {code, message, status}}`), as the generateContent paths answer. */
function expectGoogleError(body: any, code: number, status: string): void {
  expect(body, JSON.stringify(body)).to.have.nested.property('error.code', code);
  expect(body.error.status).to.equal(status);
  expect(body.error.message).to.be.a('string').and.not.empty;
}

describe('proxy: path segments and query parameters', () => {
  let world: ProxyWorld;
  let proxy: string;

  before(async () => {
    world = await startProxyWorld();
    proxy = world.gateway.urls.proxy!;
  });
  after(async () => {
    await world?.close();
  });

  const geminiBody = JSON.stringify(chatBody('gemini', '', false));
  const post = (url: string, body: string, headers: Record<string, string> = {}) =>
    fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': world.key, ...headers }, body });
  const get = (url: string) => fetch(url, { headers: { 'x-api-key': world.key } });

  describe('a malformed percent-escape in a path segment is a 404 in the client format', () => {
    it('the consumer slug on a chat path (OpenAI error object)', async () => {
      const response = await post(`${proxy}/${BAD}/v1/chat/completions`, JSON.stringify(chatBody('openai-chat', 'm', false)));
      expect(response.status).to.equal(404);
      expectOpenAiError(await response.json(), 'not_found_error');
    });

    it('the consumer slug on a Gemini path (Google error object)', async () => {
      const response = await post(`${proxy}/${BAD}/v1beta/models/gemini-2.5-flash:generateContent`, geminiBody);
      expect(response.status).to.equal(404);
      expectGoogleError(await response.json(), 404, 'NOT_FOUND');
    });

    it('the consumer slug on /v1/models/{id}', async () => {
      const response = await get(`${proxy}/${BAD}/v1/models/gpt-4o-mini`);
      expect(response.status).to.equal(404);
      expectOpenAiError(await response.json(), 'not_found_error');
    });

    for (const method of ['generateContent', 'streamGenerateContent']) {
      it(`the Gemini model segment of :${method}`, async () => {
        const response = await post(`${world.base}/v1beta/models/${BAD}:${method}`, geminiBody);
        expect(response.status).to.equal(404);
        expectGoogleError(await response.json(), 404, 'NOT_FOUND');
      });
    }

    it('the models id', async () => {
      const response = await get(`${world.base}/v1/models/${BAD}`);
      expect(response.status).to.equal(404);
      expectOpenAiError(await response.json(), 'not_found_error');
    });

    it('a files id, and a files id before /content', async () => {
      for (const path of [`/v1/files/${BAD}`, `/v1/files/${BAD}/content`]) {
        const response = await get(`${world.base}${path}`);
        expect(response.status, path).to.equal(404);
        expectOpenAiError(await response.json(), 'not_found_error');
      }
    });

    it('well-formed escapes are still decoded (`%40openai%2F...` in a Gemini model)', async () => {
      const model = encodeURIComponent(world.pin('openai-chat'));
      const response = await post(`${world.base}/v1beta/models/${model}:generateContent`, geminiBody);
      expect(response.status).to.equal(200);
    });

    it('no malformed path reached an upstream', () => {
      // Only the one well-formed Gemini call above went out.
      expect(world.upstreamCalls()).to.equal(1);
    });
  });

  describe('query parameters', () => {
    const gemini = (query: string, headers: Record<string, string> = {}) =>
      fetch(`${world.base}/v1beta/models/${world.pin('openai-chat')}:generateContent?${query}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: geminiBody });

    it('a malformed percent-escape is a 400 in the client format (Gemini `key`, `alt`)', async () => {
      for (const query of [`key=${BAD}`, `alt=${BAD}`, `${BAD}=1`]) {
        const response = await gemini(query, { 'x-goog-api-key': world.key });
        expect(response.status, query).to.equal(400);
        expectGoogleError(await response.json(), 400, 'INVALID_ARGUMENT');
      }
    });

    it('a malformed percent-escape on an OpenAI path is a 400 OpenAI error', async () => {
      const response = await get(`${world.base}/v1/files?purpose=${BAD}`);
      expect(response.status).to.equal(400);
      expectOpenAiError(await response.json(), 'invalid_request_error');
    });

    it('a repeated ?key= is a 400 naming the parameter, never a 5xx, whatever the values', async () => {
      for (const query of ['key=a&key=b', `key=${world.key}&key=${world.key}`, `key=${world.key}&key=`]) {
        const response = await gemini(query);
        expect(response.status, query).to.equal(400);
        const body = (await response.json()) as any;
        expectGoogleError(body, 400, 'INVALID_ARGUMENT');
        expect(body.error.message).to.contain('"key"');
        // A secret in the URL is never echoed back.
        expect(JSON.stringify(body)).to.not.contain(world.key);
      }
    });

    it('a repeated `alt` is a 400 too, even with a valid key', async () => {
      const response = await gemini('alt=sse&alt=json', { 'x-goog-api-key': world.key });
      expect(response.status).to.equal(400);
      expectGoogleError(await response.json(), 400, 'INVALID_ARGUMENT');
    });

    it('a repeated files `model` reference is a 400, not a half-read pin', async () => {
      const response = await get(`${world.base}/v1/files?model=@openai/x&model=@other/y`);
      expect(response.status).to.equal(400);
      const body = (await response.json()) as any;
      expectOpenAiError(body, 'invalid_request_error');
      expect(body.error.message).to.contain('"model"');
    });

    it('a single ?key= still authenticates, with `+` and escapes decoded', async () => {
      expect((await gemini(`key=${encodeURIComponent(world.key)}`)).status).to.equal(200);
      const spaced = await gemini(`key=${world.key}&note=a+b%20c`);
      expect(spaced.status).to.equal(200);
    });

    it('a `__proto__` parameter is an ordinary parameter', async () => {
      const response = await gemini(`__proto__=x&key=${world.key}`);
      expect(response.status).to.equal(200);
    });
  });
});
