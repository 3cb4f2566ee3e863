import { type CanonicalRequest, FormatError, type ReasoningOptions, type ResponseFormat, type Sampling } from '../../../core/plugin/index.js';
import type { DecodeNotes } from './decode-notes.js';
import {
  childPath,
  type JsonObject,
  optionalInteger,
  optionalNumber,
  optionalObject,
  optionalString,
  optionalStringArray,
  optionalBoolean,
} from '../../shared/formats/json-fields.js';
import { openApiSchemaToJsonSchema } from './openapi-schema.js';

/**
 * `generationConfig` (https://ai.google.dev/api/generate-content#generationconfig) to and from
 * the canonical sampling, response format and reasoning options. A JSON schema goes out as
 * `responseJsonSchema` (plain JSON Schema) rather than the OpenAPI-subset `responseSchema`, so
 * nothing is lost in translation; `responseSchema` coming in is translated to JSON Schema.
 */

const PATH = 'generationConfig';

/** Options this adapter maps; any other set option is Gemini-only. */
const MAPPED = new Set([
  'temperature',
  'topP',
  'topK',
  'maxOutputTokens',
  'stopSequences',
  'seed',
  'candidateCount',
  'presencePenalty',
  'frequencyPenalty',
  'responseMimeType',
  'responseSchema',
  'responseJsonSchema',
  'thinkingConfig',
  'responseModalities',
]);

const THINKING_LEVELS = { MINIMAL: 'minimal', LOW: 'low', MEDIUM: 'medium', HIGH: 'high' } as const;

/** What `generationConfig` decodes to. */
export interface DecodedGeneration {
  sampling: Sampling;
  response_format?: ResponseFormat;
  reasoning?: ReasoningOptions;
}

/** Decodes `generationConfig`; options without a canonical equivalent are noted as Gemini-only. */
export function decodeGenerationConfig(config: JsonObject | undefined, notes: DecodeNotes): DecodedGeneration {
  if (!config) return { sampling: {} };
  const sampling: Sampling = {};
  const set = <K extends keyof Sampling>(key: K, value: Sampling[K] | undefined) => {
    if (value !== undefined) sampling[key] = value;
  };
  set('temperature', optionalNumber(config, 'temperature', PATH));
  set('top_p', optionalNumber(config, 'topP', PATH));
  set('top_k', optionalInteger(config, 'topK', PATH));
  set('max_tokens', optionalInteger(config, 'maxOutputTokens', PATH));
  set('stop', optionalStringArray(config, 'stopSequences', PATH));
  set('seed', optionalInteger(config, 'seed', PATH));
  set('n', optionalInteger(config, 'candidateCount', PATH));
  set('presence_penalty', optionalNumber(config, 'presencePenalty', PATH));
  set('frequency_penalty', optionalNumber(config, 'frequencyPenalty', PATH));

  for (const [key, value] of Object.entries(config)) {
    if (value === undefined || value === null || MAPPED.has(key)) continue;
    notes.geminiOnly(childPath(PATH, key), 'a Gemini generation option with no equivalent in other formats');
  }
  const modalities = optionalStringArray(config, 'responseModalities', PATH);
  if (modalities && modalities.some((m) => m.toUpperCase() !== 'TEXT')) {
    notes.geminiOnly(childPath(PATH, 'responseModalities'), 'non-text output modalities exist only in Gemini');
  }

  const out: DecodedGeneration = { sampling };
  const responseFormat = decodeResponseFormat(config, notes);
  if (responseFormat) out.response_format = responseFormat;
  const reasoning = decodeThinking(optionalObject(config, 'thinkingConfig', PATH));
  if (reasoning) out.reasoning = reasoning;
  return out;
}

function decodeResponseFormat(config: JsonObject, notes: DecodeNotes): ResponseFormat | undefined {
  const mime = optionalString(config, 'responseMimeType', PATH);
  const openApi = config.responseSchema ?? undefined;
  const jsonSchema = config.responseJsonSchema ?? undefined;
  if (openApi !== undefined && openApi !== null && jsonSchema !== undefined && jsonSchema !== null) {
    throw new FormatError('generationConfig.responseSchema and responseJsonSchema are mutually exclusive', `${PATH}.responseJsonSchema`);
  }
  const schema = jsonSchema ?? (openApi === null || openApi === undefined ? undefined : openApiSchemaToJsonSchema(openApi));
  if (mime === undefined || mime === 'text/plain') {
    if (schema !== undefined) {
      throw new FormatError('a response schema needs generationConfig.responseMimeType "application/json"', `${PATH}.responseMimeType`);
    }
    return mime === undefined ? undefined : { type: 'text' };
  }
  if (mime !== 'application/json') {
    notes.geminiOnly(`${PATH}.responseMimeType=${mime}`, 'only Gemini constrains output to that MIME type');
    return undefined;
  }
  if (schema === undefined) return { type: 'json_object' };
  if (typeof schema !== 'object' || Array.isArray(schema)) {
    throw new FormatError('the response schema must be an object', `${PATH}.responseJsonSchema`);
  }
  return { type: 'json_schema', schema: schema as Record<string, unknown> };
}

function decodeThinking(thinking: JsonObject | undefined): ReasoningOptions | undefined {
  if (!thinking) return undefined;
  const path = `${PATH}.thinkingConfig`;
  const reasoning: ReasoningOptions = {};
  const budget = optionalInteger(thinking, 'thinkingBudget', path);
  // 0 turns thinking off; -1 lets the model decide, which is the default anyway.
  if (budget === 0) reasoning.enabled = false;
  else if (budget !== undefined && budget > 0) reasoning.budget_tokens = budget;
  const include = optionalBoolean(thinking, 'includeThoughts', path);
  if (include !== undefined) reasoning.include_thoughts = include;
  const level = optionalString(thinking, 'thinkingLevel', path);
  if (level !== undefined && level !== 'THINKING_LEVEL_UNSPECIFIED') {
    const effort = THINKING_LEVELS[level.toUpperCase() as keyof typeof THINKING_LEVELS];
    if (!effort) throw new FormatError(`unknown thinkingLevel ${level}`, `${path}.thinkingLevel`);
    reasoning.effort = effort;
  }
  return Object.keys(reasoning).length > 0 ? reasoning : undefined;
}

/** Canonical sampling, response format and reasoning -> `generationConfig` (undefined when empty). */
export function encodeGenerationConfig(request: CanonicalRequest): Record<string, unknown> | undefined {
  const s = request.sampling;
  const config: Record<string, unknown> = {};
  const put = (key: string, value: unknown) => {
    if (value !== undefined) config[key] = value;
  };
  put('temperature', s.temperature);
  put('topP', s.top_p);
  put('topK', s.top_k);
  put('maxOutputTokens', s.max_tokens);
  put('stopSequences', s.stop);
  put('seed', s.seed);
  put('candidateCount', s.n);
  put('presencePenalty', s.presence_penalty);
  put('frequencyPenalty', s.frequency_penalty);
  const format = request.response_format;
  if (format?.type === 'json_object') config.responseMimeType = 'application/json';
  if (format?.type === 'json_schema') {
    // `name`, `description` and `strict` have no Gemini field: the schema itself is enforced.
    config.responseMimeType = 'application/json';
    config.responseJsonSchema = format.schema;
  }
  const thinking = encodeThinking(request.reasoning);
  if (thinking) config.thinkingConfig = thinking;
  return Object.keys(config).length > 0 ? config : undefined;
}

function encodeThinking(reasoning: ReasoningOptions | undefined): Record<string, unknown> | undefined {
  if (!reasoning) return undefined;
  const thinking: Record<string, unknown> = {};
  if (reasoning.enabled === false) thinking.thinkingBudget = 0;
  else if (reasoning.budget_tokens !== undefined) thinking.thinkingBudget = reasoning.budget_tokens;
  // Gemini refuses a budget and a level together; an explicit budget is the more precise ask.
  else if (reasoning.effort !== undefined) thinking.thinkingLevel = reasoning.effort.toUpperCase();
  if (reasoning.include_thoughts !== undefined && reasoning.enabled !== false) thinking.includeThoughts = reasoning.include_thoughts;
  return Object.keys(thinking).length > 0 ? thinking : undefined;
}
