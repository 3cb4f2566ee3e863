import { expect } from 'chai';
import type { IncomingRequest } from '../../../../core/pipeline/exchange.js';
import { mcpUnauthorized } from '../../../../core/mcp/endpoint/client-auth.js';

const incoming = (headers: Record<string, string>): IncomingRequest => ({ method: 'POST', path: '/agent/mcp', route: '/mcp', query: {}, headers, body: undefined, consumerSlug: 'agent' });

describe('mcp endpoint: the 401 of the MCP endpoint', () => {
  it('keeps the proxy\'s reason for a missing or wrong ag_ key, without a challenge while OAuth is not configured', () => {
    const error = mcpUnauthorized(incoming({ 'x-ag-api-key': 'ag_wrong' }), 'missing or invalid API key');
    expect(error.status).to.equal(401);
    expect(error.code).to.equal('unauthorized');
    expect(error.publicMessage).to.equal('missing or invalid API key');
    expect(error.headers).to.deep.equal({});
  });

  it('names the right key when a tgk_ collector key is presented, in any of the three headers', () => {
    const variants: Array<Record<string, string>> = [{ 'x-ag-api-key': 'tgk_abc' }, { 'x-api-key': 'tgk_abc' }, { authorization: 'Bearer tgk_abc' }];
    for (const headers of variants) {
      const error = mcpUnauthorized(incoming(headers), 'missing or invalid API key');
      expect(error.publicMessage).to.match(/tgk_ key .* use the consumer's ag_ key or OAuth/);
      expect(error.publicMessage).to.not.contain('tgk_abc');
    }
  });

  it('the OAuth seam: with a protected resource metadata URL, the 401 carries the Bearer challenge pointing at it', () => {
    const metadata = (req: IncomingRequest) => `https://gw.example/.well-known/oauth-protected-resource/${req.consumerSlug}/mcp`;
    const error = mcpUnauthorized(incoming({}), 'missing or invalid API key', metadata);
    expect(error.headers['www-authenticate']).to.equal('Bearer resource_metadata="https://gw.example/.well-known/oauth-protected-resource/agent/mcp", scope="mcp:tools"');
  });
});
