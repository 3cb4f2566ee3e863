import { once } from 'node:events';
import type { ServerResponse } from 'node:http';
import { createParser } from 'eventsource-parser';
import type { Dispatcher } from 'undici';
import { StreamAssembler, type StreamEncoder, type WireFormat } from '../../canonical/index.js';
import { GatewayError } from '../../errors/gateway-error.js';
import type { Exchange } from '../../pipeline/exchange.js';
import type { PipelineHooks } from '../../pipeline/hooks.js';
import { EventTail } from './event-tail.js';

/** The fixed stream failure event of spec 6. */
const STREAM_TERMINATED = { message: 'upstream stream terminated unexpectedly', type: 'upstream_error' } as const;

export interface RelayOptions {
  upstream: Dispatcher.ResponseData;
  upstreamFormat: WireFormat;
  /** Encodes canonical events for the client; also writes the failure event. */
  clientEncoder: StreamEncoder;
  /** Forward upstream bytes untouched (same format), still decoding them for usage and checks. */
  rawForward: boolean;
  res: ServerResponse;
  hooks: PipelineHooks;
  /**
   * Run the chain's checkStream hook at each window (the `window` stream policy): each complete
   * event is checked before it is relayed, and a verdict stops the stream with the failure event.
   */
  checkStream: boolean;
  /** The most bytes relayed from the upstream; a longer stream ends with the failure event. */
  limitBytes: number;
}

async function write(res: ServerResponse, text: string | Uint8Array): Promise<void> {
  if (text.length === 0 || res.destroyed) return;
  if (!res.write(text)) await once(res, 'drain');
}

/**
 * Relays an upstream SSE stream to the client one event at a time, translating when the
 * formats differ, honouring backpressure, and assembling the canonical response. When the
 * upstream stops before its terminal event, the client gets exactly one failure event.
 * Returns the assembled response and whether the stream completed.
 */
export async function relayStream(ctx: Exchange, options: RelayOptions): Promise<{ complete: boolean; assembler: StreamAssembler }> {
  const { upstream, upstreamFormat, clientEncoder, rawForward, res, hooks } = options;
  const decoder = upstreamFormat.createStreamDecoder();
  const assembler = new StreamAssembler();
  const chunkHook = ctx.clientFormat ? hooks.adaptChunk.get(ctx.clientFormat) : undefined;
  let pending = '';
  // Forwarded bytes stop at an event boundary, so a cut inside an event never reaches the
  // client half-written ahead of the failure event.
  const rawTail = new EventTail();
  const parser = createParser({
    onEvent(event) {
      for (let e of decoder.push({ event: event.event, data: event.data, id: event.id })) {
        if (chunkHook) e = chunkHook.call(e, ctx);
        assembler.push(e);
        if (!rawForward) pending += clientEncoder.write(e);
      }
    },
  });
  const text = new TextDecoder();

  /**
   * One window through checkStream: a reason stops the stream (`guardrail_blocked`); a tap that
   * failed closed stops it with its error's code (`plugin_failed`); a tap that failed open was
   * logged by its interceptor and counts as no opinion.
   */
  async function checkWindow(): Promise<{ reason: string; type: string } | undefined> {
    try {
      const reason = await hooks.checkStream.promise(assembler, ctx);
      return reason ? { reason, type: 'guardrail_blocked' } : undefined;
    } catch (err) {
      if (err instanceof GatewayError) return { reason: err.message, type: err.code };
      throw err;
    }
  }

  // With checkStream, each complete event is checked before it is relayed, so what came
  // before a stopping event in the same upstream read still reaches the client, and it does not.
  async function relayChecked(): Promise<string | undefined> {
    const ends = rawTail.ends();
    if (ends.length === 0) return undefined;
    const events = rawTail.take(ends[ends.length - 1]);
    let out = '';
    let from = 0;
    for (const to of ends) {
      const event = events.slice(from, to);
      parser.feed(event);
      const stop = await checkWindow();
      if (stop) {
        await write(res, out + clientEncoder.fail(stop.reason, stop.type));
        return stop.reason;
      }
      out += rawForward ? event : pending;
      pending = '';
      from = to;
    }
    await write(res, out);
    return undefined;
  }

  await write(res, clientEncoder.open());
  let received = 0;
  try {
    for await (const chunk of upstream.body) {
      // Leaving the loop by a throw destroys the upstream body.
      received += (chunk as Uint8Array).length;
      if (received > options.limitBytes) throw new Error(`upstream stream exceeds ${options.limitBytes} bytes`);
      const decoded = text.decode(chunk as Uint8Array, { stream: true });
      if (options.checkStream) {
        rawTail.append(decoded);
        if (await relayChecked()) {
          upstream.body.destroy();
          return { complete: false, assembler };
        }
        continue;
      }
      parser.feed(decoded);
      if (rawForward) {
        rawTail.append(decoded);
        const end = rawTail.lastEnd();
        if (end > 0) await write(res, rawTail.take(end));
      } else if (pending) {
        const out = pending;
        pending = '';
        await write(res, out);
      }
    }
  } catch {
    if (!ctx.signal.aborted) await write(res, clientEncoder.fail(STREAM_TERMINATED.message, STREAM_TERMINATED.type));
    return { complete: false, assembler };
  }
  // A checked relay holds back an incomplete last event; the parser reads it as the others would.
  const unfinished = rawTail.take();
  if (options.checkStream && unfinished) parser.feed(unfinished);
  const end = decoder.end();
  for (const e of end.events) {
    assembler.push(e);
    if (!rawForward) pending += clientEncoder.write(e);
  }
  if (!end.complete) {
    await write(res, pending + clientEncoder.fail(STREAM_TERMINATED.message, STREAM_TERMINATED.type));
    return { complete: false, assembler };
  }
  await write(res, rawForward ? unfinished + text.decode() : pending + clientEncoder.close());
  return { complete: true, assembler };
}
