/**
 * The five fake upstreams, one per wire format, and the registry each becomes in a test
 * gateway: the registry's provider fixes the upstream format (`openai-compatible` speaks only
 * Chat Completions, `openai-responses` only the Responses API).
 */
import type { WireFormatId } from '../../../../core/canonical/index.js';
import type { FakeUpstream, FakeUpstreamOptions } from '../../../fixtures/providers/fake-upstream.js';
import { startFakeAnthropic } from '../../../fixtures/providers/anthropic/server.js';
import { startFakeCohere } from '../../../fixtures/providers/cohere/server.js';
import { startFakeGemini } from '../../../fixtures/providers/gemini/server.js';
import { startFakeOpenAI } from '../../../fixtures/providers/openai/server.js';
import { startFakeOpenAIResponses } from '../../../fixtures/providers/openai/responses-server.js';

/** Every chat wire format, in a fixed order. */
export const FORMATS: readonly WireFormatId[] = ['openai-chat', 'openai-responses', 'anthropic-messages', 'gemini', 'cohere-v2'];

/** How each upstream format is configured as a registry: provider, the one allowed model, the slug. */
export const UPSTREAM: Readonly<Record<WireFormatId, { provider: string; model: string; slug: string }>> = {
  'openai-chat': { provider: 'openai-compatible', model: 'gpt-4o-mini', slug: 'up-chat' },
  'openai-responses': { provider: 'openai-responses', model: 'gpt-4.1', slug: 'up-responses' },
  'anthropic-messages': { provider: 'anthropic', model: 'claude-sonnet-4-5', slug: 'up-anthropic' },
  gemini: { provider: 'gemini', model: 'gemini-2.5-flash', slug: 'up-gemini' },
  'cohere-v2': { provider: 'cohere', model: 'command-a-03-2025', slug: 'up-cohere' },
};

/** Starts the fake upstream speaking `format`. */
export function startUpstream(format: WireFormatId, options: FakeUpstreamOptions = {}): Promise<FakeUpstream> {
  switch (format) {
    case 'openai-chat':
      return startFakeOpenAI(options);
    case 'openai-responses':
      return startFakeOpenAIResponses(options);
    case 'anthropic-messages':
      return startFakeAnthropic(options);
    case 'gemini':
      return startFakeGemini(options);
    case 'cohere-v2':
      return startFakeCohere(options);
  }
}

/** Starts one fake upstream per format. */
export async function startAllUpstreams(options: FakeUpstreamOptions = {}): Promise<Record<WireFormatId, FakeUpstream>> {
  const entries = await Promise.all(FORMATS.map(async (f) => [f, await startUpstream(f, options)] as const));
  return Object.fromEntries(entries) as Record<WireFormatId, FakeUpstream>;
}
