import { FormatError, type JsonSchema, type ToolChoice, type ToolDefinition } from '../../../core/plugin/index.js';
import type { DecodeNotes } from './decode-notes.js';
import {
  childPath,
  expectArray,
  expectObject,
  isObject,
  optionalBoolean,
  optionalString,
  requireString,
  type JsonObject,
} from '../../shared/formats/json-fields.js';

/**
 * `tools` and `tool_choice` of a Responses request. Function tools are flat
 * (`{type:'function', name, description, parameters, strict}`), unlike chat completions.
 * https://platform.openai.com/docs/guides/function-calling and
 * https://platform.openai.com/docs/api-reference/responses/create (tools, tool_choice).
 * Built-in tools (web_search, file_search, code_interpreter, mcp, ...) run on OpenAI's side, so
 * only a same-format upstream can serve them.
 */

const EMPTY_PARAMETERS: JsonSchema = { type: 'object', properties: {} };

/** `tools` -> canonical function tools; built-in tools are noted as same-format only. */
export function decodeTools(raw: unknown, notes: DecodeNotes): ToolDefinition[] | undefined {
  if (raw === undefined || raw === null) return undefined;
  const tools: ToolDefinition[] = [];
  expectArray(raw, 'tools').forEach((value, i) => {
    const path = childPath('tools', i);
    const tool = expectObject(value, path);
    const type = requireString(tool, 'type', path);
    if (type !== 'function') {
      notes.sameFormat(`${path}.type=${type}`, 'a built-in tool that runs on OpenAI, not a function the client runs');
      return;
    }
    const def: ToolDefinition = {
      name: requireString(tool, 'name', path),
      parameters: isObject(tool.parameters) ? tool.parameters : EMPTY_PARAMETERS,
    };
    const description = optionalString(tool, 'description', path);
    if (description !== undefined) def.description = description;
    // Left unset when omitted, although OpenAI then normalises the schema to strict mode.
    const strict = optionalBoolean(tool, 'strict', path);
    if (strict !== undefined) def.strict = strict;
    tools.push(def);
  });
  return tools;
}

/**
 * `tool_choice` -> canonical choice. `allowed_tools` naming only functions becomes a narrowed
 * `tools` list plus its mode, which every format can express.
 */
export function decodeToolChoice(
  raw: unknown,
  tools: ToolDefinition[] | undefined,
  notes: DecodeNotes,
): { choice?: ToolChoice; tools?: ToolDefinition[] } {
  if (raw === undefined || raw === null) return { tools };
  if (typeof raw === 'string') {
    if (raw === 'auto' || raw === 'none' || raw === 'required') return { choice: { type: raw }, tools };
    throw new FormatError('tool_choice must be auto, none, required or an object', 'tool_choice');
  }
  const choice = expectObject(raw, 'tool_choice');
  const type = requireString(choice, 'type', 'tool_choice');
  if (type === 'function') return { choice: { type: 'tool', name: requireString(choice, 'name', 'tool_choice') }, tools };
  if (type === 'allowed_tools') {
    const allowed = expectArray(choice.tools, 'tool_choice.tools').map((t, i) => expectObject(t, childPath('tool_choice.tools', i)));
    const mode = requireString(choice, 'mode', 'tool_choice');
    if ((mode === 'auto' || mode === 'required') && allowed.every((t) => t.type === 'function' && typeof t.name === 'string')) {
      const names = new Set(allowed.map((t) => t.name as string));
      return { choice: { type: mode }, tools: (tools ?? []).filter((t) => names.has(t.name)) };
    }
  }
  notes.sameFormat(`tool_choice.type=${type}`, 'forces a built-in or hosted tool that only OpenAI runs');
  return { tools };
}

/** Canonical tools -> flat function tools. */
export function encodeTools(tools: ToolDefinition[]): JsonObject[] {
  return tools.map((tool) => {
    const out: JsonObject = { type: 'function', name: tool.name, parameters: tool.parameters };
    if (tool.description !== undefined) out.description = tool.description;
    // Responses treats an omitted `strict` as true; other formats default to non-strict.
    out.strict = tool.strict ?? false;
    return out;
  });
}

/** Canonical tool choice -> `tool_choice`. */
export function encodeToolChoice(choice: ToolChoice): string | JsonObject {
  return choice.type === 'tool' ? { type: 'function', name: choice.name } : choice.type;
}
