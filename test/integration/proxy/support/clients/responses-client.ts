/** The responses client format, through the official `openai` SDK. */
import OpenAI from 'openai';
import type { FunctionTool, Response, ResponseInputItem } from 'openai/resources/responses/responses';
import type { ChatClientDriver, ClientTarget, DecodedAnswer, Turn, TurnOptions } from './conversation.js';
import { WEATHER_TOOL } from './conversation.js';

function input(turns: readonly Turn[]): ResponseInputItem[] {
  return turns.flatMap((turn): ResponseInputItem[] => {
    if (turn.role === 'user') return [{ role: 'user', content: turn.text }];
    if (turn.role === 'tool') return [{ type: 'function_call_output', call_id: turn.callId, output: turn.result }];
    return turn.calls.map((c) => ({ type: 'function_call', call_id: c.id, name: c.name, arguments: JSON.stringify(c.arguments) }));
  });
}

const TOOLS: FunctionTool[] = [{ type: 'function', name: WEATHER_TOOL.name, description: WEATHER_TOOL.description, parameters: { ...WEATHER_TOOL.parameters }, strict: false }];

function decode(response: Response, headers?: Headers): DecodedAnswer {
  const toolCalls = response.output.flatMap((item) =>
    item.type === 'function_call' ? [{ id: item.call_id, name: item.name, arguments: JSON.parse(item.arguments || '{}') as Record<string, unknown> }] : [],
  );
  return {
    text: response.output_text,
    toolCalls,
    usage: response.usage ? { input: response.usage.input_tokens, output: response.usage.output_tokens } : undefined,
    headers,
  };
}

/** A responses driver: baseURL `{proxy}/{slug}/v1`. */
export function responsesClient(target: ClientTarget): ChatClientDriver {
  const client = new OpenAI({ apiKey: target.key, baseURL: `${target.base}/v1`, maxRetries: 0, defaultHeaders: target.headers });
  return {
    format: 'openai-responses',
    async send(model: string, turns: readonly Turn[], options: TurnOptions): Promise<DecodedAnswer> {
      const body = { model, input: input(turns), ...(options.tools === false ? {} : { tools: TOOLS }) };
      if (!options.stream) {
        const { data, response } = await client.responses.create(body, { signal: options.signal }).withResponse();
        return decode(data, response.headers);
      }
      const stream = client.responses.stream(body, { signal: options.signal });
      return decode(await stream.finalResponse());
    },
  };
}
