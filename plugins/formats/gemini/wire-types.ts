/**
 * The generateContent wire shapes this adapter writes, as the Gemini API reference describes
 * them (https://ai.google.dev/api/generate-content, https://ai.google.dev/api/caching#Content).
 * Only the fields the adapter produces are typed; decoding reads untrusted JSON field by field.
 */

/** `Blob`: inline media bytes, base64. */
export interface GeminiBlob {
  mimeType: string;
  data: string;
}

/** `FileData`: media by URI (Files API URI or a URL). */
export interface GeminiFileData {
  mimeType?: string;
  fileUri: string;
}

/** `FunctionCall`. `id` is optional: the Gemini API often omits it. */
export interface GeminiFunctionCall {
  id?: string;
  name: string;
  args: Record<string, unknown>;
}

/** A media part of a multimodal `FunctionResponse` (`FunctionResponsePart`). */
export type GeminiFunctionResponsePart = { inlineData: GeminiBlob } | { fileData: GeminiFileData };

/** `FunctionResponse`. */
export interface GeminiFunctionResponse {
  id?: string;
  name: string;
  response: Record<string, unknown>;
  parts?: GeminiFunctionResponsePart[];
}

/** `Part`: exactly one data field, plus the thought flag and signature. */
export interface GeminiPart {
  text?: string;
  inlineData?: GeminiBlob;
  fileData?: GeminiFileData;
  functionCall?: GeminiFunctionCall;
  functionResponse?: GeminiFunctionResponse;
  thought?: boolean;
  thoughtSignature?: string;
}

/** `Content`: one turn. */
export interface GeminiContent {
  role?: 'user' | 'model';
  parts: GeminiPart[];
}

/** `UsageMetadata` of a `GenerateContentResponse`. */
export interface GeminiUsageMetadata {
  promptTokenCount: number;
  candidatesTokenCount: number;
  totalTokenCount: number;
  cachedContentTokenCount?: number;
  thoughtsTokenCount?: number;
}

/** `Candidate`. */
export interface GeminiCandidate {
  content: GeminiContent;
  finishReason?: string;
  index: number;
}

/** `GenerateContentResponse` (also one streamed chunk). */
export interface GeminiResponse {
  candidates: GeminiCandidate[];
  usageMetadata?: GeminiUsageMetadata;
  modelVersion?: string;
  responseId?: string;
}
