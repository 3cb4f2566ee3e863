/**
 * `portcullis apply` passes on the warnings a write answer carries (a guardrails policy that
 * would guard nothing, an MCP registry whose tools were not checked): the operator sees them.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { ConfigApiClient } from '../../../../core/config/declarative/api-client.js';

describe('declarative config: the API client passes on write warnings', () => {
  let server: Server;
  let base: string;
  before(async () => {
    server = createServer((req, res) => {
      const body = req.method === 'GET' ? { id: 'p', warnings: [{ code: 'read_only', message: 'never shown for a read' }] } : { id: 'p', warnings: [{ code: 'guardrail_collector_unguarded', message: 'no enabled guardrail policy lists collector c-1' }] };
      res.writeHead(req.method === 'POST' ? 201 : 200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('hands each warning of a write answer to the operator, and none of a read', async () => {
    const heard: string[] = [];
    const client = new ConfigApiClient({ adminUrl: base, guardrailUrl: base, token: 't' }, (line) => heard.push(line));
    await client.admin('POST', '/v1/gateways/g/policies', { type: 'guardrails' });
    await client.admin('GET', '/v1/gateways/g/policies/p');
    expect(heard).to.deep.equal(['warning: POST /v1/gateways/g/policies: guardrail_collector_unguarded: no enabled guardrail policy lists collector c-1']);
  });
});
