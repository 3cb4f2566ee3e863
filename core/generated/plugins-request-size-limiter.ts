/* Generated from schemas/plugins/request_size_limiter.schema.json by `npm run gen:types`. Do not edit. */

/**
 * Settings of the request_size_limiter policy: the largest request body in bytes and the largest prompt in characters. A request over either is refused with 413 before any provider is called; the message names the limit. At least one limit is required.
 */
export type RequestSizeLimiterSettings = (
  | {
      max_bytes: number;
    }
  | {
      max_characters: number;
    }
) & {
  /**
   * Largest request body in bytes (its Content-Length). The gateway never reads more than 32 MiB, so larger values are refused.
   */
  max_bytes?: number;
  /**
   * Largest prompt in characters: Unicode code points of the text of every message (system, user, assistant history, tool results), tool-call arguments and reasoning text. Images, documents and audio count nothing here; bound them with max_bytes. At most 33554432: a body is at most 32 MiB, so it holds no more characters.
   */
  max_characters?: number;
};
