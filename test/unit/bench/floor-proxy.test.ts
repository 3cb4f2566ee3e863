/**
 * The bench's floor: a bare Koa app that reads the body and forwards it with an undici Pool. The
 * peers' figures are ratios to it, so it must forward exactly: the body byte for byte both ways,
 * and a stream chunk by chunk as the upstream sends it (not buffered to the end).
 */
import { expect } from 'chai';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import { startFloorProxy, type FloorProxy } from '../../../bench/floor-proxy.js';

const readAll = async (req: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

describe('bench: floor proxy', () => {
  let upstream: Server;
  let floor: FloorProxy;
  const received: Array<{ method?: string; url?: string; type?: string; body: Buffer }> = [];
  // Bytes of every value, invalid UTF-8 included: a text round trip would change them.
  const answer = Buffer.from(Array.from({ length: 70_000 }, (_, i) => (i * 31 + 7) % 256));
  let releaseStream: () => void = () => {};

  before(async () => {
    upstream = createServer(async (req, res) => {
      const body = await readAll(req);
      received.push({ method: req.method, url: req.url, type: req.headers['content-type'], body });
      if (req.url === '/v1/stream') {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write('data: {"n":0}\n\n');
        // The rest only once the client has seen the first event: a buffering proxy never lets it.
        await new Promise<void>((resolve) => (releaseStream = resolve));
        res.write('data: {"n":1}\n\n');
        res.end('data: [DONE]\n\n');
        return;
      }
      if (req.url === '/v1/slow') await new Promise((resolve) => setTimeout(resolve, 80));
      res.writeHead(201, { 'content-type': 'application/octet-stream', 'content-length': answer.length });
      res.end(answer);
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    floor = await startFloorProxy({ upstream: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}` });
  });

  after(async () => {
    await floor?.close();
    await new Promise((resolve) => upstream.close(resolve));
  });

  it('forwards the request body and answers the upstream body byte for byte, with its status and type', async () => {
    const sent = Buffer.from(Array.from({ length: 50_000 }, (_, i) => (i * 17 + 3) % 256));
    const res = await request(`${floor.url}/v1/chat/completions?x=1`, { method: 'POST', body: sent, headers: { 'content-type': 'application/json' } });
    const body = Buffer.from(await res.body.arrayBuffer());
    expect(res.statusCode).to.equal(201);
    expect(res.headers['content-type']).to.equal('application/octet-stream');
    expect(body.equals(answer)).to.equal(true);
    const seen = received.at(-1)!;
    expect(seen).to.include({ method: 'POST', url: '/v1/chat/completions?x=1', type: 'application/json' });
    expect(seen.body.equals(sent)).to.equal(true);
  });

  it('passes a stream on as it comes: the first event before the upstream ends, then the rest unchanged', async () => {
    const res = await request(`${floor.url}/v1/stream`, { method: 'POST', body: '{"stream":true}', headers: { 'content-type': 'application/json' } });
    expect(res.headers['content-type']).to.equal('text/event-stream');
    const chunks: Buffer[] = [];
    for await (const chunk of res.body) {
      chunks.push(chunk as Buffer);
      if (chunks.length === 1) {
        expect(Buffer.concat(chunks).toString()).to.equal('data: {"n":0}\n\n');
        releaseStream();
      }
    }
    expect(Buffer.concat(chunks).toString()).to.equal('data: {"n":0}\n\ndata: {"n":1}\n\ndata: [DONE]\n\n');
  });

  it('outlives a client that hangs up mid-stream (a load driver ending its run does)', async () => {
    const controller = new AbortController();
    const res = await request(`${floor.url}/v1/stream`, { method: 'POST', body: '{"stream":true}', signal: controller.signal });
    for await (const _chunk of res.body) {
      controller.abort();
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    releaseStream();
    // And a client that hangs up before the upstream answered, as autocannon does when its time is up.
    const early = new AbortController();
    const pending = request(`${floor.url}/v1/slow`, { method: 'POST', body: '{}', signal: early.signal }).catch(() => undefined);
    setTimeout(() => early.abort(), 20);
    await pending;
    await new Promise((resolve) => setTimeout(resolve, 150));
    const next = await request(`${floor.url}/v1/chat/completions`, { method: 'POST', body: '{}' });
    expect(next.statusCode).to.equal(201);
    expect(Buffer.from(await next.body.arrayBuffer()).equals(answer)).to.equal(true);
  });
});
