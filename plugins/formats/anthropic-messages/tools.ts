import { FormatError, type SameFormatFeature, type ToolChoice, type ToolDefinition, UnsupportedFeatureError } from '../../../core/plugin/index.js';
import { decodeCache, withCache } from './cache-control.js';
import { childPath, expectArray, expectObject, optionalBoolean, optionalString, requireString } from '../../shared/formats/json-fields.js';
import { JSON_OUTPUT_TOOL } from './json-output.js';
import type { AnthropicTool, AnthropicToolChoice } from './wire-types.js';

/**
 * `tools` and `tool_choice` <-> canonical tools
 * (https://docs.anthropic.com/en/docs/agents-and-tools/tool-use/implement-tool-use).
 * Custom tools (`name`, `description`, `input_schema`, `strict`, `cache_control`) map one to
 * one. Anthropic-defined and server tools (a `type` such as `web_search_20250305`) and custom
 * tool options the canonical model lacks are noted as same-format-only.
 */

const FORMAT = 'anthropic-messages';

/** Custom-tool fields the canonical model has no place for. */
const SAME_FORMAT_TOOL_FIELDS = ['input_examples', 'defer_loading', 'allowed_callers', 'eager_input_streaming'];

/** `tools` -> canonical tools (Anthropic-only tools are noted and left out). */
export function decodeTools(raw: unknown, notes: SameFormatFeature[]): ToolDefinition[] | undefined {
  if (raw === undefined || raw === null) return undefined;
  const tools: ToolDefinition[] = [];
  expectArray(raw, 'tools').forEach((item, i) => {
    const path = childPath('tools', i);
    const tool = expectObject(item, path);
    const type = optionalString(tool, 'type', path);
    if (type !== undefined && type !== 'custom') {
      notes.push({ feature: `${path}.type=${type}`, reason: 'Anthropic-defined and server tools exist only in Anthropic' });
      return;
    }
    const name = requireString(tool, 'name', path);
    if (name === JSON_OUTPUT_TOOL) throw new FormatError(`${path}.name "${name}" is reserved by the gateway`, `${path}.name`);
    const def: ToolDefinition = { name, parameters: expectObject(tool.input_schema, childPath(path, 'input_schema')) };
    const description = optionalString(tool, 'description', path);
    if (description !== undefined) def.description = description;
    const strict = optionalBoolean(tool, 'strict', path);
    if (strict !== undefined) def.strict = strict;
    const cache = decodeCache(tool, path);
    if (cache) def.cache = cache;
    for (const field of SAME_FORMAT_TOOL_FIELDS) {
      if (tool[field] !== undefined && tool[field] !== null) {
        notes.push({ feature: childPath(path, field), reason: 'this tool option exists only in Anthropic' });
      }
    }
    tools.push(def);
  });
  return tools;
}

/** `tool_choice` -> canonical choice, plus `disable_parallel_tool_use` as parallel_tool_calls false. */
export function decodeToolChoice(raw: unknown): { choice?: ToolChoice; parallel?: boolean } {
  if (raw === undefined || raw === null) return {};
  const obj = expectObject(raw, 'tool_choice');
  const disable = optionalBoolean(obj, 'disable_parallel_tool_use', 'tool_choice');
  const parallel = disable === true ? false : undefined;
  switch (obj.type) {
    case 'auto':
      return { choice: { type: 'auto' }, parallel };
    case 'any':
      return { choice: { type: 'required' }, parallel };
    case 'none':
      return { choice: { type: 'none' } };
    case 'tool':
      return { choice: { type: 'tool', name: requireString(obj, 'name', 'tool_choice') }, parallel };
    default:
      throw new FormatError('tool_choice.type must be one of auto, any, tool, none', 'tool_choice.type');
  }
}

/** Canonical tools -> `tools`. */
export function encodeTools(tools: ToolDefinition[]): AnthropicTool[] {
  return tools.map((tool) => {
    if (tool.name === JSON_OUTPUT_TOOL) {
      throw new UnsupportedFeatureError(`a tool named ${JSON_OUTPUT_TOOL}`, FORMAT, 'the name is reserved for JSON mode');
    }
    const out: AnthropicTool =
      tool.description === undefined
        ? { name: tool.name, input_schema: tool.parameters }
        : { name: tool.name, description: tool.description, input_schema: tool.parameters };
    if (tool.strict !== undefined) out.strict = tool.strict;
    return withCache(out, tool.cache);
  });
}

/**
 * Canonical choice and parallel flag -> `tool_choice`. `parallel_tool_calls: false` needs a
 * choice to ride on, so it becomes `auto` with `disable_parallel_tool_use` when none was given;
 * with `none` no tool is called, so there is nothing to disable.
 */
export function encodeToolChoice(choice: ToolChoice | undefined, parallel: boolean | undefined): AnthropicToolChoice | undefined {
  const disable = parallel === false ? { disable_parallel_tool_use: true } : {};
  switch (choice?.type) {
    case undefined:
      return parallel === false ? { type: 'auto', disable_parallel_tool_use: true } : undefined;
    case 'auto':
      return { type: 'auto', ...disable };
    case 'required':
      return { type: 'any', ...disable };
    case 'none':
      return { type: 'none' };
    case 'tool':
      return { type: 'tool', name: choice.name, ...disable };
  }
}
