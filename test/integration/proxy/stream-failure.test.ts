/**
 * Spec 6: when an upstream stream stops after the answer started, the client gets exactly one
 * data event whose JSON has `error.message` "upstream stream terminated unexpectedly" and
 * `error.type` "upstream_error", the status stays 200, and no normal terminator follows. Checked
 * for every client format against every upstream format, and for a cut in the middle of an event
 * while the same-format stream is forwarded byte for byte.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import type { WireFormatId } from '../../../core/canonical/index.js';
import { COLLECTIONS } from '../../../core/records/types.js';
import { jsonOf, postChat, readEvents, type ParsedEvent } from './support/raw-chat.js';
import { startProxyWorld, type ProxyWorld } from './support/proxy-world.js';
import { FORMATS } from './support/upstreams.js';

const MESSAGE = 'upstream stream terminated unexpectedly';

/** The text deltas a client format carries, to check what came before the cut was relayed. */
function textOf(format: WireFormatId, events: ParsedEvent[]): string {
  return events
    .map((e) => {
      const data = jsonOf(e);
      if (!data) return '';
      switch (format) {
        case 'openai-chat':
          return data.choices?.[0]?.delta?.content ?? '';
        case 'openai-responses':
          return data.type === 'response.output_text.delta' ? data.delta : '';
        case 'anthropic-messages':
          return data.type === 'content_block_delta' && data.delta?.type === 'text_delta' ? data.delta.text : '';
        case 'gemini':
          return (data.candidates?.[0]?.content?.parts ?? []).map((p: { text?: string }) => p.text ?? '').join('');
        case 'cohere-v2':
          return data.type === 'content-delta' ? data.delta?.message?.content?.text ?? '' : '';
      }
    })
    .join('');
}

/** Terminators a complete stream of each format ends with; none may follow a failure. */
function terminated(format: WireFormatId, events: ParsedEvent[]): boolean {
  return events.some((e) => {
    const data = jsonOf(e);
    switch (format) {
      case 'openai-chat':
        return e.data === '[DONE]';
      case 'openai-responses':
        return data?.type === 'response.completed';
      case 'anthropic-messages':
        return data?.type === 'message_stop';
      case 'gemini':
        return data?.candidates?.[0]?.finishReason !== undefined;
      case 'cohere-v2':
        // Cohere's own failure is a message-end with finish_reason ERROR; a normal end has another reason.
        return data?.type === 'message-end' && data.delta?.finish_reason !== 'ERROR';
    }
  });
}

function expectOneFailureEvent(format: WireFormatId, events: ParsedEvent[]): void {
  const failures = events.filter((e) => jsonOf(e)?.error !== undefined);
  expect(failures, JSON.stringify(events)).to.have.length(1);
  const error = jsonOf(failures[0]!)!.error as { message: string; type: string };
  expect(error.message).to.equal(MESSAGE);
  expect(error.type).to.equal('upstream_error');
  expect(events.at(-1)).to.equal(failures[0]);
  expect(terminated(format, events)).to.equal(false);
}

describe('proxy: the stream failure event', () => {
  let world: ProxyWorld;

  before(async () => {
    world = await startProxyWorld();
  });
  after(async () => {
    await world?.close();
  });

  for (const clientFormat of FORMATS) {
    for (const upstreamFormat of FORMATS) {
      it(`${clientFormat} client, ${upstreamFormat} upstream cut mid-stream: one failure event, status 200`, async () => {
        world.upstreams[upstreamFormat].enqueue({ kind: 'cut', text: 'alpha beta gamma delta', afterChunks: 2 });
        const response = await postChat(world.base, world.key, clientFormat, world.pin(upstreamFormat), true);
        expect(response.status).to.equal(200);
        expect(response.headers.get('content-type')).to.contain('text/event-stream');
        expect(response.headers.get('x-ag-trace-id')).to.be.a('string');
        const { events } = await readEvents(response);
        expectOneFailureEvent(clientFormat, events);
        expect(textOf(clientFormat, events)).to.equal('alpha beta ');
      });
    }
  }

  it('gemini client without alt=sse: the streamed JSON array ends with the one failure element', async () => {
    world.upstreams['anthropic-messages'].enqueue({ kind: 'cut', text: 'alpha beta gamma delta', afterChunks: 2 });
    const response = await fetch(`${world.base}/v1beta/models/${world.pin('anthropic-messages')}:streamGenerateContent`, {
      method: 'POST',
      headers: { 'x-goog-api-key': world.key, 'content-type': 'application/json' },
      body: JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'hi' }] }] }),
    });
    expect(response.status).to.equal(200);
    const elements = JSON.parse(await response.text()) as Array<Record<string, any>>;
    const failures = elements.filter((e) => e.error !== undefined);
    expect(failures).to.have.length(1);
    expect(elements.at(-1)).to.equal(failures[0]);
    expect(failures[0]!.error).to.include({ message: MESSAGE, type: 'upstream_error' });
  });

  describe('a same-format stream forwarded byte for byte, cut inside an event', () => {
    let server: Server;
    let cuts: number;

    before(async () => {
      cuts = 0;
      // Writes one whole chunk, then half of the next event, then drops the connection.
      server = createServer((req, res) => {
        req.resume();
        req.on('end', () => {
          cuts += 1;
          res.writeHead(200, { 'content-type': 'text/event-stream' });
          const chunk = (content: string) => JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'gpt-4o-mini', choices: [{ index: 0, delta: { content }, finish_reason: null }] });
          res.write(`data: ${chunk('whole ')}\n\n`);
          res.write(`data: ${chunk('half').slice(0, 30)}`, () => setTimeout(() => res.socket?.destroy(), 20));
        });
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      await world.gateway.seed.update(COLLECTIONS.registries, world.registries['openai-chat']._id, {
        $set: { base_url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1` },
      });
      await world.gateway.configChanged();
    });
    after(async () => {
      await world.gateway.seed.update(COLLECTIONS.registries, world.registries['openai-chat']._id, { $set: { base_url: world.upstreams['openai-chat'].url } });
      await world.gateway.configChanged();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    });

    it('drops the partial event and still ends with exactly one well-formed failure event', async () => {
      const response = await postChat(world.base, world.key, 'openai-chat', world.pin('openai-chat'), true);
      expect(response.status).to.equal(200);
      const { events } = await readEvents(response);
      expect(cuts).to.equal(1);
      for (const event of events) expect(jsonOf(event), event.data).to.not.equal(undefined);
      expectOneFailureEvent('openai-chat', events);
      expect(textOf('openai-chat', events)).to.equal('whole ');
    });
  });
});
