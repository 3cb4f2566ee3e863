import { randomUUID } from 'node:crypto';
import { type CanonicalResponse, type ContentPart, type EncodeContext, FormatError } from '../../../core/plugin/index.js';
import { decodeFinishReason, encodeFinishReason } from './finish-reason.js';
import { childPath, expectArray, expectObject, isObject, type JsonObject } from '../../shared/formats/json-fields.js';
import { decodePart, encodePart } from './parts.js';
import { responseCallIds } from './tool-call-ids.js';
import { decodeUsage, encodeUsage } from './usage.js';
import type { GeminiPart, GeminiResponse } from './wire-types.js';

/**
 * Non-streaming answers: `GenerateContentResponse`
 * (https://ai.google.dev/api/generate-content#generatecontentresponse). The canonical response
 * holds one answer, so only the first candidate is read; a prompt blocked before any candidate
 * (`promptFeedback.blockReason`) is an empty answer finished by the content filter.
 */

/** An upstream answer body -> canonical response. */
export function decodeResponse(body: unknown): CanonicalResponse {
  if (!isObject(body) || (!Array.isArray(body.candidates) && !isObject(body.promptFeedback))) {
    throw new FormatError('the upstream answer is not a GenerateContentResponse');
  }
  const responseId = typeof body.responseId === 'string' ? body.responseId : undefined;
  const candidate = firstCandidate(body);
  const content = candidate ? decodeCandidateParts(candidate, responseCallIds(responseId)) : [];
  const finishReason = candidate
    ? decodeFinishReason(typeof candidate.finishReason === 'string' ? candidate.finishReason : undefined, content.some((p) => p.type === 'tool_call'))
    : 'content_filter';
  const response: CanonicalResponse = {
    id: responseId ?? `gemini-${randomUUID()}`,
    model: typeof body.modelVersion === 'string' ? body.modelVersion : '',
    created: Math.floor(Date.now() / 1000),
    content,
    finish_reason: finishReason,
  };
  const usage = decodeUsage(body.usageMetadata);
  if (usage) response.usage = usage;
  return response;
}

/** The candidate with index 0 (Gemini numbers them), or the first one listed. */
export function firstCandidate(body: JsonObject): JsonObject | undefined {
  if (!Array.isArray(body.candidates) || body.candidates.length === 0) return undefined;
  const list = body.candidates as unknown[];
  const chosen = list.find((c) => isObject(c) && (c.index === 0 || c.index === undefined)) ?? list[0];
  return expectObject(chosen, 'candidates[0]');
}

/**
 * The canonical parts of a candidate's content. Parts of Gemini's built-in tools (code execution
 * and the like) have no canonical form and are left out.
 */
export function decodeCandidateParts(candidate: JsonObject, callId: (position: number) => string): ContentPart[] {
  if (!isObject(candidate.content) || candidate.content.parts === undefined || candidate.content.parts === null) return [];
  const path = 'candidates[0].content.parts';
  const out: ContentPart[] = [];
  let calls = 0;
  expectArray(candidate.content.parts, path).forEach((value, j) => {
    const decoded = decodePart(value, childPath(path, j), () => callId(calls));
    if (decoded.part?.type === 'tool_call') calls += 1;
    if (decoded.part) out.push(decoded.part);
  });
  return out;
}

/** Canonical response -> the client's GenerateContentResponse. */
export function encodeResponse(response: CanonicalResponse, context: EncodeContext): Record<string, unknown> {
  const parts: GeminiPart[] = [];
  for (const part of response.content) {
    const encoded = encodePart(part, 'the answer');
    if (encoded) parts.push(encoded);
  }
  const out: GeminiResponse = {
    candidates: [{ content: { role: 'model', parts }, finishReason: encodeFinishReason(response.finish_reason), index: 0 }],
  };
  if (response.usage) out.usageMetadata = encodeUsage(response.usage);
  out.modelVersion = context.model;
  out.responseId = response.id;
  return out as unknown as Record<string, unknown>;
}
