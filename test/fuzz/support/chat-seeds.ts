/**
 * Valid chat requests of the five client formats, richer than the smallest ones: a system
 * prompt, text and image parts, a tool declared, called and answered, sampling settings. The
 * fuzzers mutate these, so every decoder branch is reached by a valid shape first.
 */
import type { WireFormatId } from '../../../core/canonical/index.js';
import { chatBody } from '../../integration/proxy/support/raw-chat.js';

const PIXEL = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const CITY_SCHEMA = { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] };

/** The smallest body and a rich one of `format`, for `model` (Gemini carries it in the path). */
export function chatSeeds(format: WireFormatId, model: string, stream: boolean): Record<string, unknown>[] {
  const smallest = chatBody(format, model, stream);
  switch (format) {
    case 'openai-chat':
      return [
        smallest,
        {
          model,
          stream,
          messages: [
            { role: 'system', content: 'be brief' },
            { role: 'user', content: [{ type: 'text', text: 'weather in Paris? ana@example.com' }, { type: 'image_url', image_url: { url: PIXEL } }] },
            { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }] },
            { role: 'tool', tool_call_id: 'call_1', content: 'sunny' },
          ],
          tools: [{ type: 'function', function: { name: 'get_weather', description: 'weather', parameters: CITY_SCHEMA } }],
          tool_choice: 'auto',
          temperature: 0.5,
          max_tokens: 100,
          response_format: { type: 'text' },
        },
      ];
    case 'openai-responses':
      return [
        smallest,
        {
          model,
          stream,
          instructions: 'be brief',
          input: [
            { role: 'user', content: [{ type: 'input_text', text: 'weather in Paris?' }, { type: 'input_image', image_url: PIXEL }] },
            { type: 'function_call', call_id: 'call_1', name: 'get_weather', arguments: '{"city":"Paris"}' },
            { type: 'function_call_output', call_id: 'call_1', output: 'sunny' },
          ],
          tools: [{ type: 'function', name: 'get_weather', parameters: CITY_SCHEMA }],
          max_output_tokens: 100,
          temperature: 0.5,
        },
      ];
    case 'anthropic-messages':
      return [
        smallest,
        {
          model,
          stream,
          max_tokens: 100,
          system: [{ type: 'text', text: 'be brief' }],
          messages: [
            { role: 'user', content: [{ type: 'text', text: 'weather in Paris?' }, { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PIXEL.split(',')[1] } }] },
            { role: 'assistant', content: [{ type: 'text', text: 'checking' }, { type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: { city: 'Paris' } }] },
            { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_1', content: 'sunny' }] },
          ],
          tools: [{ name: 'get_weather', description: 'weather', input_schema: CITY_SCHEMA }],
          tool_choice: { type: 'auto' },
          temperature: 0.5,
        },
      ];
    case 'gemini':
      return [
        smallest,
        {
          systemInstruction: { parts: [{ text: 'be brief' }] },
          contents: [
            { role: 'user', parts: [{ text: 'weather in Paris?' }, { inlineData: { mimeType: 'image/png', data: PIXEL.split(',')[1] } }] },
            { role: 'model', parts: [{ functionCall: { name: 'get_weather', args: { city: 'Paris' } } }] },
            { role: 'user', parts: [{ functionResponse: { name: 'get_weather', response: { result: 'sunny' } } }] },
          ],
          tools: [{ functionDeclarations: [{ name: 'get_weather', description: 'weather', parameters: { type: 'OBJECT', properties: { city: { type: 'STRING' } } } }] }],
          generationConfig: { temperature: 0.5, maxOutputTokens: 100 },
        },
      ];
    case 'cohere-v2':
      return [
        smallest,
        {
          model,
          stream,
          messages: [
            { role: 'system', content: 'be brief' },
            { role: 'user', content: [{ type: 'text', text: 'weather in Paris?' }] },
            { role: 'assistant', tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }], tool_plan: 'look it up' },
            { role: 'tool', tool_call_id: 'call_1', content: 'sunny' },
          ],
          tools: [{ type: 'function', function: { name: 'get_weather', description: 'weather', parameters: CITY_SCHEMA } }],
          temperature: 0.5,
          max_tokens: 100,
        },
      ];
  }
}
