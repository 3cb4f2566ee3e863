/** The messages client format, through the official `@anthropic-ai/sdk`. */
import Anthropic from '@anthropic-ai/sdk';
import type { ChatClientDriver, ClientTarget, DecodedAnswer, Turn, TurnOptions } from './conversation.js';
import { WEATHER_TOOL } from './conversation.js';

function messages(turns: readonly Turn[]): Anthropic.MessageParam[] {
  return turns.map((turn): Anthropic.MessageParam => {
    if (turn.role === 'user') return { role: 'user', content: turn.text };
    if (turn.role === 'tool') return { role: 'user', content: [{ type: 'tool_result', tool_use_id: turn.callId, content: turn.result }] };
    return { role: 'assistant', content: turn.calls.map((c) => ({ type: 'tool_use' as const, id: c.id, name: c.name, input: c.arguments })) };
  });
}

const TOOLS: Anthropic.Tool[] = [
  { name: WEATHER_TOOL.name, description: WEATHER_TOOL.description, input_schema: { ...WEATHER_TOOL.parameters, required: [...WEATHER_TOOL.parameters.required] } },
];

function decode(message: Anthropic.Message, headers?: Headers): DecodedAnswer {
  return {
    text: message.content.map((b) => (b.type === 'text' ? b.text : '')).join(''),
    toolCalls: message.content.flatMap((b) => (b.type === 'tool_use' ? [{ id: b.id, name: b.name, arguments: b.input as Record<string, unknown> }] : [])),
    usage: { input: message.usage.input_tokens, output: message.usage.output_tokens },
    headers,
  };
}

/** A messages driver: baseURL `{proxy}/{slug}`. */
export function anthropicClient(target: ClientTarget): ChatClientDriver {
  const client = new Anthropic({ apiKey: target.key, baseURL: target.base, maxRetries: 0, defaultHeaders: target.headers });
  return {
    format: 'anthropic-messages',
    async send(model: string, turns: readonly Turn[], options: TurnOptions): Promise<DecodedAnswer> {
      const body = { model, max_tokens: 512, messages: messages(turns), ...(options.tools === false ? {} : { tools: TOOLS }) };
      if (!options.stream) {
        const { data, response } = await client.messages.create(body, { signal: options.signal }).withResponse();
        return decode(data, response.headers);
      }
      return decode(await client.messages.stream(body, { signal: options.signal }).finalMessage());
    },
  };
}
