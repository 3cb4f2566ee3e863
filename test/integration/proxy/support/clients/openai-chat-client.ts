/** The chat-completions client format, through the official `openai` SDK. */
import OpenAI from 'openai';
import type { ChatCompletion, ChatCompletionMessageParam, ChatCompletionTool } from 'openai/resources/chat/completions';
import type { ChatClientDriver, ClientTarget, DecodedAnswer, Turn, TurnOptions } from './conversation.js';
import { WEATHER_TOOL } from './conversation.js';

function messages(turns: readonly Turn[]): ChatCompletionMessageParam[] {
  return turns.map((turn): ChatCompletionMessageParam => {
    if (turn.role === 'user') return { role: 'user', content: turn.text };
    if (turn.role === 'tool') return { role: 'tool', tool_call_id: turn.callId, content: turn.result };
    return {
      role: 'assistant',
      content: null,
      tool_calls: turn.calls.map((c) => ({ id: c.id, type: 'function', function: { name: c.name, arguments: JSON.stringify(c.arguments) } })),
    };
  });
}

const TOOLS: ChatCompletionTool[] = [{ type: 'function', function: { ...WEATHER_TOOL, parameters: { ...WEATHER_TOOL.parameters, required: [...WEATHER_TOOL.parameters.required] } } }];

function decode(completion: ChatCompletion, headers?: Headers): DecodedAnswer {
  const message = completion.choices[0]!.message;
  return {
    text: message.content ?? '',
    toolCalls: (message.tool_calls ?? []).map((c) => {
      if (c.type !== 'function') throw new Error(`unexpected tool call type ${c.type}`);
      return { id: c.id, name: c.function.name, arguments: JSON.parse(c.function.arguments || '{}') as Record<string, unknown> };
    }),
    usage: completion.usage ? { input: completion.usage.prompt_tokens, output: completion.usage.completion_tokens } : undefined,
    headers,
  };
}

/** A chat-completions driver: baseURL `{proxy}/{slug}/v1`. */
export function openAIChatClient(target: ClientTarget): ChatClientDriver {
  const client = new OpenAI({ apiKey: target.key, baseURL: `${target.base}/v1`, maxRetries: 0, defaultHeaders: target.headers });
  return {
    format: 'openai-chat',
    async send(model: string, turns: readonly Turn[], options: TurnOptions): Promise<DecodedAnswer> {
      const body = { model, messages: messages(turns), ...(options.tools === false ? {} : { tools: TOOLS }) };
      if (!options.stream) {
        const { data, response } = await client.chat.completions.create(body, { signal: options.signal }).withResponse();
        return decode(data, response.headers);
      }
      const stream = client.chat.completions.stream({ ...body, stream_options: { include_usage: true } }, { signal: options.signal });
      return decode(await stream.finalChatCompletion());
    },
  };
}
