/**
 * Writes a web-standard `Response` (what the MCP SDK's handlers answer with) onto Node's
 * response, honouring backpressure, so SSE frames leave as the SDK produces them.
 */
import type { ServerResponse } from 'node:http';

/** Writes status, headers and body; resolves once the body has ended or the client has gone. */
export async function writeWebResponse(res: ServerResponse, response: Response, extraHeaders: Record<string, string> = {}): Promise<void> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  res.writeHead(response.status, { ...headers, ...extraHeaders });
  if (!response.body) return void res.end();
  const reader = response.body.getReader();
  const stop = () => void reader.cancel().catch(() => undefined);
  res.once('close', stop);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done || res.destroyed) break;
      if (!res.write(value)) await new Promise<void>((resolve) => {
        res.once('drain', resolve);
        res.once('close', resolve);
      });
    }
  } catch {
    // The SDK's stream was cancelled because the client left: nothing more to write.
  } finally {
    res.off('close', stop);
    if (!res.destroyed) res.end();
  }
}
