/**
 * The data plane's SyncClient against a tiny control plane on 127.0.0.1 that refuses (503) the
 * first stream attempts: it retries with growing gaps (exponential backoff, bounds set small
 * here), reports the refusal meanwhile, connects once the server accepts, applies the pushed
 * config, heartbeats its revision, and reconnects when the stream ends.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { SYNC_HEADERS, SYNC_PATHS } from '../../../../core/cluster/protocol.js';
import { SyncClient } from '../../../../core/cluster/sync-client.js';
import type { ConfigDocument } from '../../../../core/snapshot/config-document.js';
import { memoryLog } from '../../../integration/admin/helpers/memory-log.js';
import { eventually } from '../../../fixtures/processes/portcullis-process.js';

const CLUSTER_TOKEN = 'sync-client-test-cluster-token-0123456789';
const REFUSALS = 4;
const MIN_BACKOFF_MS = 40;

interface Attempt {
  at: number;
  headers: IncomingMessage['headers'];
}

describe('core/cluster/sync-client: reconnects with backoff', function () {
  this.timeout(60_000);
  let server: Server;
  let url: string;
  let client: SyncClient | undefined;
  const attempts: Attempt[] = [];
  const heartbeats: Array<Record<string, unknown>> = [];
  const open: ServerResponse[] = [];
  let revision = 0;

  const push = (res: ServerResponse, rev: number) => {
    const document = { revision: rev, gateways: [{ _id: `g-${rev}` }] };
    res.write(`event: config\ndata: ${JSON.stringify({ revision: rev, document })}\n\n`);
  };

  before(async () => {
    server = createServer((req, res) => {
      const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
      if (req.method === 'GET' && path === SYNC_PATHS.stream) {
        attempts.push({ at: performance.now(), headers: req.headers });
        if (attempts.length <= REFUSALS) {
          res.writeHead(503, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ error: 'unavailable', message: `not yet (attempt ${attempts.length})` }));
          return;
        }
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
        open.push(res);
        push(res, ++revision);
        return;
      }
      if (req.method === 'POST' && path === SYNC_PATHS.heartbeat) {
        let body = '';
        req.on('data', (chunk: Buffer) => (body += chunk.toString()));
        req.on('end', () => {
          heartbeats.push(JSON.parse(body) as Record<string, unknown>);
          res.writeHead(204).end();
        });
        return;
      }
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  after(async () => {
    client?.stop();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('retries refused attempts with growing gaps, then connects, applies the config and heartbeats', async () => {
    const logs = memoryLog();
    const applied: ConfigDocument[] = [];
    let current = 0;
    const refusals: string[] = [];
    client = new SyncClient({
      controlPlaneUrl: url,
      clusterToken: CLUSTER_TOKEN,
      nodeId: 'dp-unit-1',
      planes: ['proxy'],
      scope: 'eu',
      heartbeatMs: 100,
      minBackoffMs: MIN_BACKOFF_MS,
      maxBackoffMs: 5_000,
      log: logs.log,
      currentRevision: () => current,
      telemetry: () => ({ dropped: 0, pending: 0 }),
      apply: async (document) => {
        applied.push(document);
        current = document.revision;
      },
    });
    const watchRefusals = setInterval(() => {
      if (client?.lastRefusal && refusals.at(-1) !== client.lastRefusal) refusals.push(client.lastRefusal);
    }, 5);
    try {
      client.start();
      expect(client.connected).to.equal(false);
      await eventually(async () => client!.connected && applied.length === 1, 'the client to connect and apply the pushed config');
    } finally {
      clearInterval(watchRefusals);
    }

    // Every refusal was retried; the attempt after them connected.
    expect(attempts.length).to.equal(REFUSALS + 1);
    expect(refusals.length, 'refusals reported while retrying').to.be.greaterThan(0);
    expect(refusals.every((r) => /^503: not yet/.test(r)), refusals.join('; ')).to.equal(true);
    expect(client.lastRefusal).to.equal(undefined);
    expect(logs.lines.filter((line) => line.includes('control plane refused this data plane'))).to.have.length(REFUSALS);

    // Backoff: the gaps between attempts grow. Compared loosely: with jitter (half to all of
    // min * 2^n) the third and fourth waits cannot be shorter than the longest first wait.
    const gaps = attempts.slice(1).map((a, i) => a.at - attempts[i].at);
    const described = `gaps ${gaps.map((g) => g.toFixed(0)).join(', ')} ms`;
    expect(gaps).to.have.length(REFUSALS);
    const [first] = gaps;
    for (const later of gaps.slice(2)) expect(later, described).to.be.at.least(first);
    expect(gaps.at(-1)!, described).to.be.greaterThan(first);
    // A timer never fires early: the last wait is at least half of min * 2^(refusals - 1).
    expect(gaps.at(-1)!, described).to.be.at.least(0.9 * MIN_BACKOFF_MS * 2 ** (REFUSALS - 1) * 0.5);

    // Each attempt presents the cluster token and describes the data plane.
    for (const { headers } of attempts) {
      expect(headers.authorization).to.equal(`Bearer ${CLUSTER_TOKEN}`);
      expect(headers[SYNC_HEADERS.nodeId]).to.equal('dp-unit-1');
      expect(headers[SYNC_HEADERS.scope]).to.equal('eu');
      expect(headers[SYNC_HEADERS.planes]).to.equal('proxy');
    }

    expect(applied[0]).to.deep.include({ revision: 1 });
    await eventually(async () => heartbeats.some((h) => h.node_id === 'dp-unit-1' && h.revision === 1), 'a heartbeat with the applied revision');
  });

  it('applies later pushes on the open stream, and reconnects with its revision when the stream ends', async () => {
    const before = attempts.length;
    push(open.at(-1)!, ++revision);
    await eventually(async () => heartbeats.some((h) => h.revision === 2), 'the second revision applied and reported');
    // The control plane ends the stream: the client comes back, announcing the revision it serves.
    open.at(-1)!.end();
    await eventually(async () => attempts.length === before + 1 && client!.connected, 'the client to reconnect');
    expect(attempts.at(-1)!.headers[SYNC_HEADERS.revision]).to.equal('2');
    await eventually(async () => heartbeats.some((h) => h.revision === 3), 'the config pushed on reconnect applied');
  });
});
