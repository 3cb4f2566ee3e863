import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { LegacyStreams } from '../../../../core/mcp/endpoint/legacy-streams.js';

describe('mcp endpoint: legacy GET streams', () => {
  let server: Server;
  let streams: LegacyStreams;
  let base: string;
  before(async () => {
    streams = new LegacyStreams(60_000, 2);
    server = createServer((req, res: ServerResponse) => streams.open(new URL(req.url!, 'http://x').searchParams.get('gw')!, res, { 'x-ag-trace-id': 't-1' }));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(async () => {
    streams.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const reader = async (gw: string, controller: AbortController) => {
    const res = await fetch(`${base}/?gw=${gw}`, { signal: controller.signal });
    expect(res.headers.get('content-type')).to.equal('text/event-stream');
    expect(res.headers.get('x-ag-trace-id')).to.equal('t-1');
    return res.body!.getReader();
  };

  it('sends list_changed on the streams of a gateway, and forgets streams whose client left', async () => {
    const a = new AbortController();
    const b = new AbortController();
    const gwA = await reader('a', a);
    await reader('b', b);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(streams.size).to.equal(2);
    expect(streams.hasRoom('a')).to.equal(true);
    streams.toolsChanged('a');
    const { value } = await gwA.read();
    expect(new TextDecoder().decode(value)).to.equal('event: message\ndata: {"jsonrpc":"2.0","method":"notifications/tools/list_changed"}\n\n');
    a.abort();
    b.abort();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(streams.size).to.equal(0);
  });

  it('has room for a bounded number of streams per gateway', async () => {
    const c = new AbortController();
    await reader('c', c);
    await reader('c', c);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(streams.hasRoom('c')).to.equal(false);
    expect(streams.hasRoom('d')).to.equal(true);
    c.abort();
  });
});
