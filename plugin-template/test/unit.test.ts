import { expect } from 'chai';
import type { Exchange, ProviderRequest } from 'portcullis/plugin';
import { fakeKit } from 'portcullis/testing';
import { admit, tagUpstream } from '../src/handler.js';

const exchange = (headers: Record<string, string>) => ({ incoming: { headers }, responseHeaders: {} }) as unknown as Exchange;

describe('plugin-template: request_tagger handlers', () => {
  it('refuses a request without the required header with 400 naming it', () => {
    const kit = fakeKit({ require_client_header: 'X-Request-Purpose' });
    const rejection = admit(kit, exchange({}));
    expect(rejection?.error.status).to.equal(400);
    expect(rejection?.error.message).to.contain('X-Request-Purpose');
    expect(admit(kit, exchange({ 'x-request-purpose': 'support' }))).to.equal(undefined);
  });

  it('queues response headers and tags the upstream request', () => {
    const kit = fakeKit({ upstream_headers: { 'X-Team': 'search' }, response_headers: { 'X-Tagged-By': 'request_tagger' } });
    const ctx = exchange({});
    admit(kit, ctx);
    expect(ctx.responseHeaders).to.deep.equal({ 'x-tagged-by': 'request_tagger' });
    const request = { headers: {} } as ProviderRequest;
    tagUpstream(kit, request, ctx);
    expect(request.headers).to.deep.equal({ 'x-team': 'search' });
  });
});
