import type { ToolCallPart, ToolDefinition } from '../../../core/plugin/index.js';
import { optionalObject, optionalString, requireString, type JsonObject } from './json-fields.js';

/**
 * Function tools and calls in the shape Chat Completions defined
 * (https://platform.openai.com/docs/api-reference/chat/create) and Cohere v2 copied
 * (https://docs.cohere.com/reference/chat): a tool is `{type: 'function', function: {name,
 * description?, parameters}}`, a call is `{id, type: 'function', function: {name, arguments}}`.
 * Where the two differ (how strictness is asked for, what other tool types mean) each format
 * keeps its own code.
 */

/** A tool's `function` object -> canonical tool without `strict`; no schema means no parameters. */
export function decodeFunction(fn: JsonObject, path: string): ToolDefinition {
  const def: ToolDefinition = {
    name: requireString(fn, 'name', path),
    parameters: optionalObject(fn, 'parameters', path) ?? { type: 'object', properties: {} },
  };
  const description = optionalString(fn, 'description', path);
  if (description !== undefined) def.description = description;
  return def;
}

/** Canonical tool -> its `function` object, without `strict`. */
export function encodeFunction(tool: ToolDefinition): JsonObject {
  const fn: JsonObject = { name: tool.name, parameters: tool.parameters };
  if (tool.description !== undefined) fn.description = tool.description;
  return fn;
}

/** Canonical tool call -> one entry of an assistant message's `tool_calls`. */
export function encodeFunctionCall(part: ToolCallPart): JsonObject {
  return { id: part.id, type: 'function', function: { name: part.name, arguments: part.arguments } };
}
