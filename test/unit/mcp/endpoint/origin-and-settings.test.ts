import { expect } from 'chai';
import { resolveSettings, SettingsInputError } from '../../../../core/config/settings.js';
import { GatewayError } from '../../../../core/errors/gateway-error.js';
import { checkOrigin } from '../../../../core/mcp/endpoint/origin-check.js';

describe('mcp endpoint: Origin check and its settings', () => {
  const allowed = new Set(['https://app.example']);
  const refused = (headers: Record<string, string>) => {
    try {
      checkOrigin(headers, allowed);
      return undefined;
    } catch (err) {
      return err as GatewayError;
    }
  };

  it('serves requests without Origin, from the endpoint\'s own origin and from an allowed one', () => {
    expect(refused({ host: 'gw.example:8000' })).to.equal(undefined);
    expect(refused({ host: 'gw.example:8000', origin: 'http://gw.example:8000' })).to.equal(undefined);
    expect(refused({ host: 'gw.example:8000', origin: 'https://app.example' })).to.equal(undefined);
  });

  it('refuses another origin, another port of the same host, a malformed and a null Origin with 403', () => {
    for (const origin of ['https://evil.example', 'http://gw.example:9000', 'not a url', 'null']) {
      const error = refused({ host: 'gw.example:8000', origin });
      expect(error, origin).to.be.instanceOf(GatewayError);
      expect(error!.status).to.equal(403);
    }
  });

  it('reads PORTCULLIS_MCP_ALLOWED_ORIGINS as origins and refuses anything else at start', () => {
    expect(resolveSettings({}, { PORTCULLIS_MCP_ALLOWED_ORIGINS: 'https://app.example, http://localhost:5173/' }).mcpAllowedOrigins).to.deep.equal(['https://app.example', 'http://localhost:5173']);
    expect(resolveSettings({}, {}).mcpAllowedOrigins).to.deep.equal([]);
    for (const bad of ['app.example', 'https://app.example/path', 'file:///x']) {
      expect(() => resolveSettings({}, { PORTCULLIS_MCP_ALLOWED_ORIGINS: bad }), bad).to.throw(SettingsInputError, /MCP allowed origin/);
    }
  });

  it('reads PORTCULLIS_MCP_SESSION_TTL_MS, 24 hours by default, refusing a non-positive value', () => {
    expect(resolveSettings({}, {}).mcpSessionTtlMs).to.equal(86_400_000);
    expect(resolveSettings({ 'mcp-session-ttl-ms': '60000' }, {}).mcpSessionTtlMs).to.equal(60_000);
    expect(() => resolveSettings({}, { PORTCULLIS_MCP_SESSION_TTL_MS: '0' })).to.throw(SettingsInputError, /MCP session TTL/);
  });
});
