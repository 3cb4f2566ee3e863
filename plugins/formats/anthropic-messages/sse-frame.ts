/**
 * One Messages API server-sent event: `event: <type>` then `data: <json>`. The SDKs dispatch
 * on the `event` name, so every frame names it
 * (https://docs.anthropic.com/en/docs/build-with-claude/streaming#event-types).
 */
export function sseFrame(event: string, data: object): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}
