import { type CanonicalRequest, FormatError, type ResponseFormat, UnsupportedFeatureError } from '../../../core/plugin/index.js';
import { childPath, expectObject, isObject, optionalString, type JsonObject } from '../../shared/formats/json-fields.js';
import { thinkingOn } from './reasoning.js';
import type { AnthropicOutputConfig, AnthropicTool, AnthropicToolChoice } from './wire-types.js';

/**
 * Structured output. A JSON schema maps to Anthropic's native JSON outputs,
 * `output_config.format: {type:'json_schema', schema}` (constrained decoding; the answer is a
 * text block holding the JSON): https://docs.anthropic.com/en/docs/build-with-claude/structured-outputs
 *
 * JSON mode without a schema (`json_object`) has no native form: constrained decoding needs a
 * closed schema. It becomes Anthropic's documented forced-tool pattern (a tool whose input is the
 * answer: https://github.com/anthropics/anthropic-cookbook/blob/main/tool_use/extracting_structured_json.ipynb,
 * forcing with `tool_choice`: https://docs.anthropic.com/en/docs/agents-and-tools/tool-use/implement-tool-use#forcing-tool-use)
 * under a reserved name, which the response and stream decoders turn back into text JSON.
 * Forcing a tool is not allowed with extended thinking
 * (https://docs.anthropic.com/en/docs/build-with-claude/extended-thinking), so that pair is refused.
 */

/** The reserved tool name of JSON mode; clients may not declare a tool with this name. */
export const JSON_OUTPUT_TOOL = 'portcullis_json_output';

/** The reserved tool's definition: any JSON object is accepted as its input. */
const JSON_OUTPUT_TOOL_DEFINITION: AnthropicTool = {
  name: JSON_OUTPUT_TOOL,
  description: 'Give your complete answer as one JSON object: call this tool with that object as its input.',
  input_schema: { type: 'object' },
};

/** `output_config.format` (or the beta `output_format`) -> a canonical response format. */
export function decodeOutputFormat(body: JsonObject): ResponseFormat | undefined {
  const config = body.output_config;
  const fromConfig = isObject(config) ? config.format : undefined;
  const raw = fromConfig ?? body.output_format;
  if (raw === undefined || raw === null) return undefined;
  const path = fromConfig !== undefined ? 'output_config.format' : 'output_format';
  const format = expectObject(raw, path);
  if (format.type !== 'json_schema') throw new FormatError(`${path}.type must be "json_schema"`, `${path}.type`);
  const schema = expectObject(format.schema, childPath(path, 'schema'));
  const name = optionalString(format, 'name', path);
  return name === undefined ? { type: 'json_schema', schema } : { type: 'json_schema', name, schema };
}

/** A canonical JSON schema format -> `output_config.format`. */
export function encodeOutputFormat(format: ResponseFormat): AnthropicOutputConfig['format'] | undefined {
  return format.type === 'json_schema' ? { type: 'json_schema', schema: format.schema } : undefined;
}

/**
 * JSON mode as tools: the reserved tool is added and the choice forces a tool call. With client
 * tools and `auto`, `any` lets the model either call one of them or answer through the reserved
 * tool, as JSON mode with tools allows. A choice that already forces a tool leaves JSON mode moot.
 */
export function jsonModeTools(
  request: CanonicalRequest,
  tools: AnthropicTool[],
  choice: AnthropicToolChoice | undefined,
): { tools: AnthropicTool[]; choice: AnthropicToolChoice | undefined } {
  if (request.response_format?.type !== 'json_object') return { tools, choice };
  if (choice?.type === 'any' || choice?.type === 'tool') return { tools, choice };
  if (thinkingOn(request.reasoning)) {
    throw new UnsupportedFeatureError(
      'response_format json_object with reasoning',
      'anthropic-messages',
      'JSON mode is a forced tool call, and Anthropic does not allow forcing a tool while thinking',
    );
  }
  const all = [...tools, JSON_OUTPUT_TOOL_DEFINITION];
  const useAny = tools.length > 0 && choice?.type !== 'none';
  const parallel = choice && 'disable_parallel_tool_use' in choice ? { disable_parallel_tool_use: choice.disable_parallel_tool_use } : {};
  return {
    tools: all,
    choice: useAny ? { type: 'any', ...parallel } : { type: 'tool', name: JSON_OUTPUT_TOOL, disable_parallel_tool_use: true },
  };
}
