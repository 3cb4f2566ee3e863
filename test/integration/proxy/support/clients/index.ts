/** The client driver for each client format. */
import type { WireFormatId } from '../../../../../core/canonical/index.js';
import { anthropicClient } from './anthropic-client.js';
import { cohereClient } from './cohere-client.js';
import type { ChatClientDriver, ClientTarget } from './conversation.js';
import { geminiClient } from './gemini-client.js';
import { openAIChatClient } from './openai-chat-client.js';
import { responsesClient } from './responses-client.js';

export * from './conversation.js';

const DRIVERS: Record<WireFormatId, (target: ClientTarget) => ChatClientDriver> = {
  'openai-chat': openAIChatClient,
  'openai-responses': responsesClient,
  'anthropic-messages': anthropicClient,
  gemini: geminiClient,
  'cohere-v2': cohereClient,
};

/** The official-SDK driver of `format` pointed at a consumer's proxy base URL. */
export function clientFor(format: WireFormatId, target: ClientTarget): ChatClientDriver {
  return DRIVERS[format](target);
}
