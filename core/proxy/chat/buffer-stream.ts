import { createParser } from 'eventsource-parser';
import type { Dispatcher } from 'undici';
import { StreamAssembler, type CanonicalResponse, type WireFormat } from '../../canonical/index.js';
import { GatewayError } from '../../errors/gateway-error.js';
import type { Exchange } from '../../pipeline/exchange.js';
import type { PipelineHooks } from '../../pipeline/hooks.js';

const broken = (why: string) => new GatewayError('upstream_error', { status: 502, source: 'upstream', message: `upstream stream ${why}` });

/**
 * The `buffer` stream policy's first half: reads a whole upstream stream (at most `limitBytes`)
 * into the canonical answer it amounts to, through the same decoder and adaptChunk hook as a
 * relayed stream, without writing anything to the client. A stream cut before its terminal
 * event, or longer than the limit, is the upstream's failure (502): nothing has been sent yet.
 */
export async function bufferStream(
  ctx: Exchange,
  hooks: PipelineHooks,
  upstream: Dispatcher.ResponseData,
  upstreamFormat: WireFormat,
  limitBytes: number,
): Promise<CanonicalResponse | GatewayError> {
  const decoder = upstreamFormat.createStreamDecoder();
  const assembler = new StreamAssembler();
  const chunkHook = ctx.clientFormat ? hooks.adaptChunk.get(ctx.clientFormat) : undefined;
  const parser = createParser({
    onEvent(event) {
      for (let e of decoder.push({ event: event.event, data: event.data, id: event.id })) {
        if (chunkHook) e = chunkHook.call(e, ctx);
        assembler.push(e);
      }
    },
  });
  const text = new TextDecoder();
  let received = 0;
  try {
    for await (const chunk of upstream.body) {
      received += (chunk as Uint8Array).length;
      if (received > limitBytes) {
        upstream.body.destroy();
        return broken(`exceeds ${limitBytes} bytes`);
      }
      parser.feed(text.decode(chunk as Uint8Array, { stream: true }));
    }
  } catch (err) {
    return broken(`failed: ${(err as Error).message}`);
  }
  parser.feed(text.decode());
  const end = decoder.end();
  for (const e of end.events) assembler.push(e);
  if (!end.complete) return broken('terminated unexpectedly');
  return assembler.result();
}
