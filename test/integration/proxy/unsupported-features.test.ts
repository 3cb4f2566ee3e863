/**
 * A request the chosen upstream's format cannot express is answered 400 in the client's format,
 * naming the feature, before any upstream call: features only the client's own format has
 * (`same_format_only`, refused by the core before translating) and canonical features the
 * upstream encoder cannot write (UnsupportedFeatureError). The same request to an upstream of the
 * client's own format passes through. docs/formats.md lists every such case.
 */
import { expect } from 'chai';
import type { WireFormatId } from '../../../core/canonical/index.js';
import { chatBody, errorMessageOf, postChat } from './support/raw-chat.js';
import { startProxyWorld, type ProxyWorld } from './support/proxy-world.js';

interface Case {
  client: WireFormatId;
  upstream: WireFormatId;
  /** Fields added to the client's smallest body. */
  extra: Record<string, unknown>;
  /** What the error message must name. */
  names: string;
}

const WEB_SEARCH = { type: 'web_search_20250305', name: 'web_search' };
const FN = { type: 'function', function: { name: 'f', parameters: { type: 'object', properties: {} } } };

const SAME_FORMAT_ONLY: Case[] = [
  { client: 'openai-responses', upstream: 'anthropic-messages', extra: { previous_response_id: 'resp_1' }, names: 'previous_response_id' },
  { client: 'openai-responses', upstream: 'openai-chat', extra: { tools: [{ type: 'web_search' }] }, names: 'tools[0].type=web_search' },
  { client: 'openai-chat', upstream: 'gemini', extra: { logprobs: true }, names: 'logprobs' },
  { client: 'openai-chat', upstream: 'cohere-v2', extra: { n: 2 }, names: 'n' },
  { client: 'anthropic-messages', upstream: 'openai-chat', extra: { tools: [WEB_SEARCH] }, names: 'web_search_20250305' },
  { client: 'anthropic-messages', upstream: 'gemini', extra: { container: 'container_1' }, names: 'container' },
  { client: 'gemini', upstream: 'cohere-v2', extra: { safetySettings: [{ category: 'HARM_CATEGORY_HARASSMENT', threshold: 'BLOCK_NONE' }] }, names: 'safetySettings' },
  { client: 'gemini', upstream: 'openai-responses', extra: { tools: [{ googleSearch: {} }] }, names: 'googleSearch' },
  { client: 'cohere-v2', upstream: 'anthropic-messages', extra: { documents: [{ id: 'd1', data: { text: 'grounding' } }] }, names: 'documents' },
  { client: 'cohere-v2', upstream: 'openai-chat', extra: { safety_mode: 'STRICT' }, names: 'safety_mode' },
];

const NOT_EXPRESSIBLE: Case[] = [
  { client: 'anthropic-messages', upstream: 'openai-chat', extra: { top_k: 5 }, names: 'top_k' },
  { client: 'openai-chat', upstream: 'openai-responses', extra: { seed: 7 }, names: 'seed' },
  { client: 'cohere-v2', upstream: 'openai-responses', extra: { stop_sequences: ['END'] }, names: 'stop' },
  { client: 'openai-chat', upstream: 'anthropic-messages', extra: { seed: 7 }, names: 'seed' },
  { client: 'openai-chat', upstream: 'anthropic-messages', extra: { temperature: 1.5 }, names: 'temperature' },
  { client: 'openai-chat', upstream: 'gemini', extra: { tools: [FN], parallel_tool_calls: false }, names: 'parallel_tool_calls' },
  { client: 'openai-chat', upstream: 'cohere-v2', extra: { reasoning_effort: 'low' }, names: 'reasoning.effort' },
  { client: 'gemini', upstream: 'openai-chat', extra: { generationConfig: { thinkingConfig: { thinkingBudget: 1024 } } }, names: 'reasoning.budget_tokens' },
];

describe('proxy: features an upstream format cannot express are 400', () => {
  let world: ProxyWorld;

  before(async () => {
    world = await startProxyWorld();
  });
  after(async () => {
    await world?.close();
  });

  const send = (c: Case, upstream: WireFormatId) =>
    postChat(world.base, world.key, c.client, world.pin(upstream), false, { body: { ...chatBody(c.client, world.pin(upstream), false), ...c.extra } });

  async function expectRefused(c: Case): Promise<void> {
    const before = world.upstreamCalls();
    const response = await send(c, c.upstream);
    const body = await response.json();
    expect(response.status, JSON.stringify(body)).to.equal(400);
    expect(response.headers.get('x-gateway-error-source')).to.equal('gateway');
    expect(errorMessageOf(c.client, body)).to.contain(c.names);
    expect(world.upstreamCalls()).to.equal(before);
  }

  describe('same format only: refused for another format, passed through for the same one', () => {
    for (const c of SAME_FORMAT_ONLY) {
      it(`${c.client} ${c.names} -> ${c.upstream}: 400; -> ${c.client}: forwarded`, async () => {
        await expectRefused(c);
        const same = await send(c, c.client);
        expect(same.status).to.equal(200);
        const forwarded = world.upstreams[c.client].requests.at(-1)!.body as Record<string, unknown>;
        for (const [key, value] of Object.entries(c.extra)) expect(forwarded[key]).to.deep.equal(value);
      });
    }
  });

  describe('not expressible in the upstream format', () => {
    for (const c of NOT_EXPRESSIBLE) {
      it(`${c.client} ${c.names} -> ${c.upstream}: 400`, async () => {
        await expectRefused(c);
      });
    }
  });
});
