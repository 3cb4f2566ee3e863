/**
 * The official SDKs as proxy clients, each pointed at the proxy only by its base URL and the
 * consumer key (API.md): `openai` (chat completions and responses), `@anthropic-ai/sdk`,
 * `@google/genai` (key in `x-goog-api-key`, streaming through `:streamGenerateContent?alt=sse`)
 * and `cohere-ai` v8 (`CohereClientV2({ token, baseUrl })`, the key as a bearer token). Each one
 * reads a plain answer and a stream as its own types, and raises its own typed errors for an
 * upstream refusal and for the stream failure event. Upstreams are of another format, so every
 * answer is a translation.
 */
import Anthropic from '@anthropic-ai/sdk';
import { ApiError, GoogleGenAI } from '@google/genai';
import { expect } from 'chai';
import { CohereClientV2, CohereError } from 'cohere-ai';
import OpenAI from 'openai';
import { startProxyWorld, type ProxyWorld } from './support/proxy-world.js';

const TEXT = 'The quick brown fox jumps';
const FAILURE = 'upstream stream terminated unexpectedly';

describe('proxy: the official SDKs, by base URL and key only', () => {
  let world: ProxyWorld;

  before(async () => {
    world = await startProxyWorld({ upstream: { usage: { input: 13, output: 6 } } });
  });
  after(async () => {
    await world?.close();
  });

  describe('openai (baseURL {proxy}/{slug}/v1)', () => {
    let client: OpenAI;
    before(() => {
      client = new OpenAI({ apiKey: world.key, baseURL: `${world.base}/v1`, maxRetries: 0 });
    });

    it('chat.completions.create, plain and streamed', async () => {
      world.upstreams.gemini.enqueue({ kind: 'text', text: TEXT }, { kind: 'text', text: TEXT });
      const { data, response } = await client.chat.completions.create({ model: world.pin('gemini'), messages: [{ role: 'user', content: 'hi' }] }).withResponse();
      expect(data.choices[0]!.message.content).to.equal(TEXT);
      expect(data.usage).to.include({ prompt_tokens: 13, completion_tokens: 6 });
      expect(response.headers.get('x-selected-provider')).to.equal('gemini');
      expect(world.upstreams.gemini.requests.at(-1)!.headers['x-goog-api-key']).to.equal('up-key-gemini');

      const stream = await client.chat.completions.create({ model: world.pin('gemini'), messages: [{ role: 'user', content: 'hi' }], stream: true, stream_options: { include_usage: true } });
      let text = '';
      let usage: OpenAI.CompletionUsage | undefined | null;
      for await (const chunk of stream) {
        text += chunk.choices[0]?.delta.content ?? '';
        usage = chunk.usage ?? usage;
      }
      expect(text).to.equal(TEXT);
      expect(usage).to.include({ prompt_tokens: 13, completion_tokens: 6 });
    });

    it('responses.create, plain and streamed', async () => {
      world.upstreams['cohere-v2'].enqueue({ kind: 'text', text: TEXT }, { kind: 'text', text: TEXT });
      const response = await client.responses.create({ model: world.pin('cohere-v2'), input: 'hi' });
      expect(response.output_text).to.equal(TEXT);
      expect(response.usage).to.include({ input_tokens: 13, output_tokens: 6 });
      const stream = await client.responses.create({ model: world.pin('cohere-v2'), input: 'hi', stream: true });
      let text = '';
      let completed = false;
      for await (const event of stream) {
        if (event.type === 'response.output_text.delta') text += event.delta;
        if (event.type === 'response.completed') completed = true;
      }
      expect(text).to.equal(TEXT);
      expect(completed).to.equal(true);
    });

    it('raises its typed errors: an upstream 429 and the stream failure event', async () => {
      world.upstreams['anthropic-messages'].enqueue({ kind: 'error', status: 429, message: 'busy', retryAfterSeconds: 1 });
      const err = await client.chat.completions.create({ model: world.pin('anthropic-messages'), messages: [{ role: 'user', content: 'hi' }] }).catch((e: unknown) => e);
      expect(err).to.be.instanceOf(OpenAI.RateLimitError);

      world.upstreams['anthropic-messages'].enqueue({ kind: 'cut', text: TEXT, afterChunks: 2 });
      const stream = await client.chat.completions.create({ model: world.pin('anthropic-messages'), messages: [{ role: 'user', content: 'hi' }], stream: true });
      let text = '';
      const failure = await (async () => {
        for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? '';
      })().catch((e: unknown) => e);
      expect(failure).to.be.instanceOf(OpenAI.APIError);
      expect((failure as Error).message).to.contain(FAILURE);
      expect(text).to.equal('The quick ');
    });
  });

  describe('@anthropic-ai/sdk (baseURL {proxy}/{slug})', () => {
    let client: Anthropic;
    before(() => {
      client = new Anthropic({ apiKey: world.key, baseURL: world.base, maxRetries: 0 });
    });

    it('messages.create, plain and streamed', async () => {
      world.upstreams['openai-responses'].enqueue({ kind: 'text', text: TEXT }, { kind: 'text', text: TEXT });
      const message = await client.messages.create({ model: world.pin('openai-responses'), max_tokens: 64, messages: [{ role: 'user', content: 'hi' }] });
      expect(message.content).to.deep.equal([{ type: 'text', text: TEXT }]);
      expect(message.usage).to.include({ input_tokens: 13, output_tokens: 6 });
      expect(message.stop_reason).to.equal('end_turn');
      const stream = await client.messages.create({ model: world.pin('openai-responses'), max_tokens: 64, messages: [{ role: 'user', content: 'hi' }], stream: true });
      let text = '';
      const types: string[] = [];
      for await (const event of stream) {
        types.push(event.type);
        if (event.type === 'content_block_delta' && event.delta.type === 'text_delta') text += event.delta.text;
      }
      expect(text).to.equal(TEXT);
      expect(types[0]).to.equal('message_start');
      expect(types.at(-1)).to.equal('message_stop');
    });

    it('raises its typed errors: an upstream 429 and the stream failure event', async () => {
      world.upstreams['openai-chat'].enqueue({ kind: 'error', status: 429, message: 'busy' });
      const err = await client.messages.create({ model: world.pin('openai-chat'), max_tokens: 64, messages: [{ role: 'user', content: 'hi' }] }).catch((e: unknown) => e);
      expect(err).to.be.instanceOf(Anthropic.RateLimitError);

      world.upstreams['openai-chat'].enqueue({ kind: 'cut', text: TEXT, afterChunks: 2 });
      const failure = await client.messages
        .stream({ model: world.pin('openai-chat'), max_tokens: 64, messages: [{ role: 'user', content: 'hi' }] })
        .finalMessage()
        .catch((e: unknown) => e);
      expect(failure).to.be.instanceOf(Anthropic.APIError);
      expect((failure as Error).message).to.contain(FAILURE);
    });
  });

  describe('@google/genai (httpOptions.baseUrl {proxy}/{slug})', () => {
    let ai: GoogleGenAI;
    before(() => {
      ai = new GoogleGenAI({ apiKey: world.key, httpOptions: { baseUrl: world.base, retryOptions: { attempts: 1 } } });
    });

    it('generateContent and generateContentStream (:streamGenerateContent?alt=sse), the model pinned with a slash', async () => {
      world.upstreams['anthropic-messages'].enqueue({ kind: 'text', text: TEXT }, { kind: 'text', text: TEXT });
      const response = await ai.models.generateContent({ model: world.pin('anthropic-messages'), contents: 'hi' });
      expect(response.text).to.equal(TEXT);
      expect(response.usageMetadata).to.include({ promptTokenCount: 13, candidatesTokenCount: 6 });
      expect(response.sdkHttpResponse?.headers?.['x-selected-model']).to.equal('claude-sonnet-4-5');
      const chunks: string[] = [];
      for await (const chunk of await ai.models.generateContentStream({ model: world.pin('anthropic-messages'), contents: 'hi' })) chunks.push(chunk.text ?? '');
      expect(chunks.join('')).to.equal(TEXT);
      expect(chunks.length).to.be.greaterThan(1);
    });

    it('raises ApiError for an upstream 429 and for the stream failure event', async () => {
      world.upstreams['openai-chat'].enqueue({ kind: 'error', status: 429, message: 'busy' });
      const err = await ai.models.generateContent({ model: world.pin('openai-chat'), contents: 'hi' }).catch((e: unknown) => e);
      expect(err).to.be.instanceOf(ApiError);
      expect((err as ApiError).status).to.equal(429);

      world.upstreams['openai-chat'].enqueue({ kind: 'cut', text: TEXT, afterChunks: 2 });
      let text = '';
      const failure = await (async () => {
        for await (const chunk of await ai.models.generateContentStream({ model: world.pin('openai-chat'), contents: 'hi' })) text += chunk.text ?? '';
      })().catch((e: unknown) => e);
      expect(failure).to.be.instanceOf(ApiError);
      expect((failure as Error).message).to.contain(FAILURE);
      expect(text).to.equal('The quick ');
    });
  });

  describe('cohere-ai v8 (CohereClientV2 baseUrl {proxy}/{slug}, token = the key)', () => {
    let client: CohereClientV2;
    before(() => {
      client = new CohereClientV2({ token: world.key, baseUrl: world.base });
    });

    it('chat and chatStream', async () => {
      world.upstreams.gemini.enqueue({ kind: 'text', text: TEXT }, { kind: 'text', text: TEXT });
      const response = await client.chat({ model: world.pin('gemini'), messages: [{ role: 'user', content: 'hi' }] }, { maxRetries: 0 });
      expect(response.message.content).to.deep.equal([{ type: 'text', text: TEXT }]);
      expect(response.finishReason).to.equal('COMPLETE');
      expect(response.usage?.tokens).to.deep.equal({ inputTokens: 13, outputTokens: 6 });
      let text = '';
      let finish: string | undefined;
      for await (const event of await client.chatStream({ model: world.pin('gemini'), messages: [{ role: 'user', content: 'hi' }] }, { maxRetries: 0 })) {
        if (event.type === 'content-delta') text += event.delta?.message?.content?.text ?? '';
        if (event.type === 'message-end') finish = event.delta?.finishReason;
      }
      expect(text).to.equal(TEXT);
      expect(finish).to.equal('COMPLETE');
    });

    it('raises CohereError for an upstream 429; the stream failure ends the stream with finish reason ERROR', async () => {
      world.upstreams['openai-responses'].enqueue({ kind: 'error', status: 429, message: 'busy' });
      const err = await client.chat({ model: world.pin('openai-responses'), messages: [{ role: 'user', content: 'hi' }] }, { maxRetries: 0 }).catch((e: unknown) => e);
      expect(err).to.be.instanceOf(CohereError);
      expect((err as CohereError).statusCode).to.equal(429);

      world.upstreams['openai-responses'].enqueue({ kind: 'cut', text: TEXT, afterChunks: 2 });
      let finish: string | undefined;
      let text = '';
      for await (const event of await client.chatStream({ model: world.pin('openai-responses'), messages: [{ role: 'user', content: 'hi' }] }, { maxRetries: 0 })) {
        if (event.type === 'content-delta') text += event.delta?.message?.content?.text ?? '';
        if (event.type === 'message-end') finish = event.delta?.finishReason;
      }
      expect(text).to.equal('The quick ');
      expect(finish).to.equal('ERROR');
    });
  });
});
