/**
 * Same format on both sides: the client's body reaches the upstream with only the routing field
 * rewritten (the model reference becomes the native model; Gemini's is in the path), so fields
 * the gateway does not know arrive intact, and the upstream's answer comes back as it was sent,
 * fields the gateway does not know included.
 */
import { expect } from 'chai';
import type { WireFormatId } from '../../../core/canonical/index.js';
import { chatPath, readEvents, jsonOf } from './support/raw-chat.js';
import { startProxyWorld, type ProxyWorld } from './support/proxy-world.js';
import { FORMATS, UPSTREAM } from './support/upstreams.js';

const VENDOR = { x_vendor_extension: { nested: [1, { deep: true }, 'three'], empty: {}, nothing: null } };

/** A client body of each format with fields the gateway does not interpret, top-level and nested. */
function bodyWithExtras(format: WireFormatId, model: string): Record<string, unknown> {
  switch (format) {
    case 'openai-chat':
      return {
        model,
        messages: [{ role: 'user', content: 'hi', x_message_note: 'kept' }],
        temperature: 0.3,
        logit_bias: { '50256': -100 },
        prediction: { type: 'content', content: 'hello' },
        store: true,
        metadata: { team: 'search' },
        ...VENDOR,
      };
    case 'openai-responses':
      return {
        model,
        input: [{ role: 'user', content: [{ type: 'input_text', text: 'hi' }] }],
        truncation: 'auto',
        prompt_cache_key: 'cache-1',
        safety_identifier: 'user-42',
        ...VENDOR,
      };
    case 'anthropic-messages':
      return {
        model,
        max_tokens: 64,
        messages: [{ role: 'user', content: [{ type: 'text', text: 'hi', x_block_note: 'kept' }] }],
        top_k: 5,
        service_tier: 'auto',
        ...VENDOR,
      };
    case 'gemini':
      return {
        contents: [{ role: 'user', parts: [{ text: 'hi' }] }],
        safetySettings: [{ category: 'HARM_CATEGORY_HARASSMENT', threshold: 'BLOCK_NONE' }],
        generationConfig: { temperature: 0.2, responseLogprobs: false },
        labels: { team: 'search' },
        ...VENDOR,
      };
    case 'cohere-v2':
      return {
        model,
        messages: [{ role: 'user', content: 'hi' }],
        safety_mode: 'CONTEXTUAL',
        citation_options: { mode: 'FAST' },
        priority: 1,
        ...VENDOR,
      };
  }
}

/** Stream events only the upstream's own stream carries, where a format has such. */
const UPSTREAM_ONLY_EVENTS: Partial<Record<WireFormatId, (event: { event?: string; data: string }) => boolean>> = {
  'openai-chat': (e) => jsonOf(e)?.system_fingerprint === 'fp_fake',
  'anthropic-messages': (e) => e.event === 'ping',
  gemini: (e) => String(jsonOf(e)?.responseId ?? '').startsWith('fake-gemini-'),
};

/** Fields only the upstream's own answer carries, which a re-encoding would not reproduce. */
const UPSTREAM_ONLY: Record<WireFormatId, (body: Record<string, any>) => unknown> = {
  'openai-chat': (b) => [b.system_fingerprint, b.service_tier],
  'openai-responses': (b) => [b.truncation, b.reasoning, b.parallel_tool_calls],
  'anthropic-messages': (b) => [b.usage.service_tier, b.usage.cache_creation_input_tokens],
  gemini: (b) => [b.modelVersion, b.responseId],
  'cohere-v2': (b) => [b.usage.billed_units],
};

describe('proxy: same-format pass-through', () => {
  let world: ProxyWorld;

  before(async () => {
    world = await startProxyWorld();
  });
  after(async () => {
    await world?.close();
  });

  for (const format of FORMATS) {
    for (const stream of [false, true]) {
      it(`${format}${stream ? ', streamed' : ''}: the upstream receives the client's body with only the model rewritten`, async () => {
        const pin = world.pin(format);
        const body = bodyWithExtras(format, pin);
        if (stream && format !== 'gemini') body.stream = true;
        const response = await fetch(`${world.base}${chatPath(format, pin, stream)}`, {
          method: 'POST',
          headers: { 'x-api-key': world.key, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        expect(response.status).to.equal(200);
        const recorded = world.upstreams[format].requests.at(-1)!;
        const expected = format === 'gemini' ? body : { ...body, model: UPSTREAM[format].model };
        expect(recorded.body).to.deep.equal(expected);
        if (format === 'gemini') expect(recorded.path).to.equal(`/v1beta/models/${UPSTREAM.gemini.model}:${stream ? 'streamGenerateContent' : 'generateContent'}`);

        if (!stream) {
          const answer = (await response.json()) as Record<string, any>;
          const only = UPSTREAM_ONLY[format](answer) as unknown[];
          for (const value of only) expect(value, JSON.stringify(answer)).to.not.equal(undefined);
        } else {
          const { events } = await readEvents(response);
          expect(events.length).to.be.greaterThan(1);
          expect(events.filter((e) => jsonOf(e)?.error !== undefined)).to.deep.equal([]);
          const upstreamOnly = UPSTREAM_ONLY_EVENTS[format];
          if (upstreamOnly) expect(events.some(upstreamOnly), 'the upstream bytes were forwarded as they came').to.equal(true);
        }
      });
    }
  }
});
