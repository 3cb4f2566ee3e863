import { type CanonicalRequest, FormatError, type JsonSchema, type ToolChoice, type ToolDefinition, UnsupportedFeatureError } from '../../../core/plugin/index.js';
import type { DecodeNotes } from './decode-notes.js';
import {
  childPath,
  expectArray,
  expectObject,
  isObject,
  type JsonObject,
  optionalObject,
  optionalString,
  optionalStringArray,
  requireString,
} from '../../shared/formats/json-fields.js';
import { openApiSchemaToJsonSchema } from './openapi-schema.js';

/**
 * `tools[].functionDeclarations` and `toolConfig.functionCallingConfig`
 * (https://ai.google.dev/api/caching#Tool, https://ai.google.dev/gemini-api/docs/function-calling).
 * Parameters go out as `parametersJsonSchema`, which takes JSON Schema as it is, so the canonical
 * schema reaches Gemini unchanged; Gemini applies the subset it supports. Incoming OpenAPI-style
 * `parameters` are translated to JSON Schema.
 */

const EMPTY_PARAMETERS: JsonSchema = { type: 'object', properties: {} };

/** What `tools` and `toolConfig` decode to. */
export interface DecodedTools {
  tools?: ToolDefinition[];
  tool_choice?: ToolChoice;
}

/** Decodes `tools` and `toolConfig`; built-in Google tools are noted as Gemini-only. */
export function decodeTools(body: JsonObject, notes: DecodeNotes): DecodedTools {
  const out: DecodedTools = {};
  const list = body.tools === undefined || body.tools === null ? undefined : expectArray(body.tools, 'tools');
  if (list) {
    const tools: ToolDefinition[] = [];
    list.forEach((entry, i) => {
      const path = childPath('tools', i);
      const tool = expectObject(entry, path);
      for (const [key, value] of Object.entries(tool)) {
        if (value === undefined || value === null) continue;
        if (key === 'functionDeclarations') {
          expectArray(value, childPath(path, key)).forEach((decl, j) => tools.push(decodeDeclaration(decl, childPath(childPath(path, key), j), notes)));
        } else {
          notes.geminiOnly(childPath(path, key), 'a Gemini built-in tool runs on Google\'s side; no other format can call it');
        }
      }
    });
    if (tools.length > 0) out.tools = tools;
  }
  const config = optionalObject(body, 'toolConfig', '');
  if (config) decodeToolConfig(config, out, notes);
  return out;
}

function decodeDeclaration(value: unknown, path: string, notes: DecodeNotes): ToolDefinition {
  const decl = expectObject(value, path);
  const tool: ToolDefinition = { name: requireString(decl, 'name', path), parameters: EMPTY_PARAMETERS };
  const description = optionalString(decl, 'description', path);
  if (description !== undefined) tool.description = description;
  const hasOpenApi = decl.parameters !== undefined && decl.parameters !== null;
  const hasJson = decl.parametersJsonSchema !== undefined && decl.parametersJsonSchema !== null;
  if (hasOpenApi && hasJson) {
    throw new FormatError(`${path}.parameters and parametersJsonSchema are mutually exclusive`, childPath(path, 'parametersJsonSchema'));
  }
  if (hasJson) {
    if (!isObject(decl.parametersJsonSchema)) throw new FormatError(`${path}.parametersJsonSchema must be an object`, childPath(path, 'parametersJsonSchema'));
    tool.parameters = decl.parametersJsonSchema;
  } else if (hasOpenApi) {
    tool.parameters = openApiSchemaToJsonSchema(expectObject(decl.parameters, childPath(path, 'parameters')));
  }
  for (const key of ['response', 'responseJsonSchema', 'behavior']) {
    if (decl[key] !== undefined && decl[key] !== null) {
      notes.geminiOnly(childPath(path, key), 'only Gemini function declarations carry it');
    }
  }
  return tool;
}

function decodeToolConfig(config: JsonObject, out: DecodedTools, notes: DecodeNotes): void {
  for (const key of Object.keys(config)) {
    if (key !== 'functionCallingConfig' && config[key] !== undefined && config[key] !== null) {
      notes.geminiOnly(childPath('toolConfig', key), 'it configures Gemini built-in tools');
    }
  }
  const path = 'toolConfig.functionCallingConfig';
  const calling = optionalObject(config, 'functionCallingConfig', 'toolConfig');
  if (!calling) return;
  const mode = (optionalString(calling, 'mode', path) ?? 'MODE_UNSPECIFIED').toUpperCase();
  const allowed = optionalStringArray(calling, 'allowedFunctionNames', path);
  switch (mode) {
    case 'MODE_UNSPECIFIED':
    case 'AUTO':
      if (mode === 'AUTO') out.tool_choice = { type: 'auto' };
      break;
    case 'NONE':
      out.tool_choice = { type: 'none' };
      break;
    case 'ANY':
      if (allowed && allowed.length === 1) out.tool_choice = { type: 'tool', name: allowed[0]! };
      else {
        out.tool_choice = { type: 'required' };
        // "Must call one of these": offering only those functions means the same to any model.
        if (allowed && allowed.length > 1 && out.tools) out.tools = out.tools.filter((t) => allowed.includes(t.name));
      }
      break;
    case 'VALIDATED':
      out.tool_choice = { type: 'auto' };
      notes.geminiOnly(`${path}.mode=VALIDATED`, 'schema-validated function calling exists only in Gemini');
      break;
    default:
      throw new FormatError(`unknown function calling mode ${mode}`, `${path}.mode`);
  }
}

/** Canonical tools and tool choice -> `tools` and `toolConfig` fields of a request body. */
export function encodeTools(request: CanonicalRequest): { tools?: unknown[]; toolConfig?: Record<string, unknown> } {
  if (request.parallel_tool_calls === false) {
    throw new UnsupportedFeatureError('parallel_tool_calls: false', 'gemini', 'Gemini cannot be limited to one function call per turn');
  }
  const out: { tools?: unknown[]; toolConfig?: Record<string, unknown> } = {};
  if (request.tools && request.tools.length > 0) {
    // `strict` and cache hints have no Gemini field: the declaration itself is what Gemini follows.
    out.tools = [{ functionDeclarations: request.tools.map(encodeDeclaration) }];
  }
  const choice = request.tool_choice;
  if (choice) {
    const calling: Record<string, unknown> =
      choice.type === 'auto'
        ? { mode: 'AUTO' }
        : choice.type === 'none'
          ? { mode: 'NONE' }
          : choice.type === 'required'
            ? { mode: 'ANY' }
            : { mode: 'ANY', allowedFunctionNames: [choice.name] };
    out.toolConfig = { functionCallingConfig: calling };
  }
  return out;
}

function encodeDeclaration(tool: ToolDefinition): Record<string, unknown> {
  const decl: Record<string, unknown> = { name: tool.name };
  if (tool.description !== undefined) decl.description = tool.description;
  // A function without parameters leaves the schema unset, as Gemini documents.
  if (!isEmptyObjectSchema(tool.parameters)) decl.parametersJsonSchema = tool.parameters;
  return decl;
}

function isEmptyObjectSchema(schema: JsonSchema): boolean {
  const keys = Object.keys(schema);
  const props = schema.properties;
  return (
    keys.every((k) => k === 'type' || k === 'properties') &&
    (schema.type === undefined || schema.type === 'object') &&
    (props === undefined || (isObject(props) && Object.keys(props).length === 0))
  );
}
