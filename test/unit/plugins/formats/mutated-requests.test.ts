/**
 * Every format adapter on request bodies with one to three fields broken (replaced by null, a
 * number, a string, an empty array or object, or removed), seeded so every run reads the same
 * bodies: decoding either succeeds or throws FormatError (a 400 naming the field), and whatever
 * decodes is encoded for every format or refused with UnsupportedFeatureError (a 400 naming the
 * feature). Any other error would reach the client as a 500.
 */
import { expect } from 'chai';
import { FormatError, UnsupportedFeatureError, type WireFormat } from '../../../../core/canonical/index.js';
import anthropic from '../../../../plugins/formats/anthropic-messages/index.js';
import cohere from '../../../../plugins/formats/cohere-v2/index.js';
import gemini from '../../../../plugins/formats/gemini/index.js';
import openaiChat from '../../../../plugins/formats/openai-chat/index.js';
import responses from '../../../../plugins/formats/openai-responses/index.js';

const FORMATS: WireFormat[] = [openaiChat, anthropic, gemini, cohere, responses];
const functionTool = { type: 'function', function: { name: 'f', description: 'd', parameters: { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] } } };
const PNG = 'data:image/png;base64,iVBORw0KGgo=';

/** A body of each format using most of what it can say: system text, images, tools, a tool call and its result. */
const RICH: Record<string, Record<string, unknown>> = {
  'openai-chat': {
    model: 'm', temperature: 0.5, max_tokens: 10, stop: ['x'], tools: [functionTool], tool_choice: 'auto', response_format: { type: 'json_object' },
    messages: [
      { role: 'system', content: 's' },
      { role: 'user', content: [{ type: 'text', text: 'hi' }, { type: 'image_url', image_url: { url: PNG } }] },
      { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'f', arguments: '{"a":"b"}' } }] },
      { role: 'tool', tool_call_id: 'c1', content: 'r' },
    ],
  },
  'anthropic-messages': {
    model: 'm', max_tokens: 10, system: [{ type: 'text', text: 's' }], tools: [{ name: 'f', input_schema: { type: 'object', properties: {} } }],
    messages: [
      { role: 'user', content: [{ type: 'text', text: 'hi' }, { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' } }] },
      { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'f', input: { a: 1 } }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 't1', content: 'r' }] },
    ],
  },
  gemini: {
    systemInstruction: { parts: [{ text: 's' }] }, generationConfig: { temperature: 0.2, maxOutputTokens: 5 },
    tools: [{ functionDeclarations: [{ name: 'f', parameters: { type: 'OBJECT', properties: {} } }] }],
    contents: [
      { role: 'user', parts: [{ text: 'hi' }, { inlineData: { mimeType: 'image/png', data: 'iVBORw0KGgo=' } }] },
      { role: 'model', parts: [{ functionCall: { name: 'f', args: { a: 1 } } }] },
      { role: 'user', parts: [{ functionResponse: { name: 'f', response: { r: 1 } } }] },
    ],
  },
  'cohere-v2': {
    model: 'm', tools: [functionTool],
    messages: [
      { role: 'system', content: 's' },
      { role: 'user', content: 'hi' },
      { role: 'assistant', tool_calls: [{ id: 'c1', type: 'function', function: { name: 'f', arguments: '{}' } }] },
      { role: 'tool', tool_call_id: 'c1', content: [{ type: 'document', document: { data: 'r' } }] },
    ],
  },
  'openai-responses': {
    model: 'm', instructions: 's', tools: [{ type: 'function', name: 'f', parameters: { type: 'object', properties: {} } }],
    input: [
      { role: 'user', content: [{ type: 'input_text', text: 'hi' }, { type: 'input_image', image_url: PNG }] },
      { type: 'function_call', call_id: 'c1', name: 'f', arguments: '{}' },
      { type: 'function_call_output', call_id: 'c1', output: 'r' },
    ],
  },
};

const REPLACEMENTS: unknown[] = [null, 0, -1, 1.5, '', 'x', true, [], {}, [null], { a: null }, [[]], { type: 'text' }, [{}]];

/** Paths to every value below the root. */
function pathsOf(value: unknown, at: Array<string | number> = [], out: Array<Array<string | number>> = []): Array<Array<string | number>> {
  if (at.length) out.push(at);
  if (value && typeof value === 'object') for (const [key, child] of Object.entries(value)) pathsOf(child, [...at, Array.isArray(value) ? Number(key) : key], out);
  return out;
}

describe('wire formats on broken request bodies', () => {
  for (const format of FORMATS) {
    it(`${format.id}: decodes or refuses with a format error, and what decodes encodes for every format`, () => {
      let seed = 17;
      const next = (n: number) => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 8) % n;
      let refused = 0;
      let decoded = 0;
      for (let t = 0; t < 1_500; t++) {
        const body = structuredClone(RICH[format.id]);
        for (let k = 0, n = 1 + next(3); k < n; k++) {
          const paths = pathsOf(body);
          const path = paths[next(paths.length)];
          let parent = body as Record<string | number, unknown>;
          for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
          const last = path[path.length - 1];
          if (next(5) === 0) {
            if (Array.isArray(parent)) parent.splice(last as number, 1);
            else delete parent[last];
          } else parent[last] = structuredClone(REPLACEMENTS[next(REPLACEMENTS.length)]);
        }
        let request;
        try {
          request = format.decodeRequest(body, { pathModel: 'm' });
          decoded++;
        } catch (err) {
          expect(err, `${(err as Error).stack}\n${JSON.stringify(body)}`).to.be.instanceOf(FormatError);
          refused++;
          continue;
        }
        for (const target of FORMATS) {
          try {
            JSON.stringify(target.encodeRequest(request, 'm'));
          } catch (err) {
            expect(err, `${target.id}: ${(err as Error).stack}\n${JSON.stringify(body)}`).to.be.instanceOf(UnsupportedFeatureError);
          }
        }
      }
      expect(refused).to.be.greaterThan(100);
      expect(decoded).to.be.greaterThan(100);
    });
  }
});
