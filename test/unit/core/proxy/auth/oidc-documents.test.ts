/**
 * An identity provider whose discovery document or key set never ends: the gateway reads at most
 * 1 MiB of it, fails that key source (the token is then refused) and hangs up, instead of
 * holding the answer until its timeout and growing with it.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import type { CompactJWSHeaderParameters, FlattenedJWSInput } from 'jose';
import type { AuthRecord } from '../../../../../core/records/types.js';
import { OidcDirectory } from '../../../../../core/proxy/auth/oidc-directory.js';
import { testEgress } from '../../../../../core/testing/test-egress.js';
import { startEndlessServer } from '../../../../fixtures/network/endless-answer.js';

const header: CompactJWSHeaderParameters = { alg: 'RS256', kid: 'k1' };
const token: FlattenedJWSInput = { payload: '', signature: '', protected: '' };

function verifierOf(oidc: NonNullable<AuthRecord['oidc']>) {
  const auth = { id: 'a1', gateway_id: 'g1', name: 'sso', type: 'oidc', oidc } as unknown as AuthRecord;
  // The endless servers listen on loopback: a loopback-allowing egress, as in test gateways.
  return new OidcDirectory({ oidcAuths: new Map([[oidc.issuer, [auth]]]) }, testEgress()).forIssuer(oidc.issuer)[0];
}

describe('core/proxy/auth OIDC documents without end', () => {
  it('fails discovery past 1 MiB and hangs up', async () => {
    const issuer = await startEndlessServer('{"issuer":"x","jwks_uri":"http://127.0.0.1/jwks","note":"');
    try {
      const err = await Promise.resolve(verifierOf({ issuer: issuer.url }).getKey(header, token)).catch((e: unknown) => e);
      expect((err as Error).message).to.equal(`the answer of ${issuer.url}/.well-known/openid-configuration exceeds 1048576 bytes`);
      expect(await issuer.hungUp[0]).to.equal(true);
    } finally {
      await issuer.close();
    }
  });

  it('fails a key set past 1 MiB and hangs up', async () => {
    const keys = await startEndlessServer('{"keys":[{"kty":"RSA","n":"');
    try {
      const err = await Promise.resolve(verifierOf({ issuer: 'https://idp.example', jwks_uri: `${keys.url}/jwks` }).getKey(header, token)).catch((e: unknown) => e);
      expect((err as Error).message).to.equal(`the answer of ${keys.url}/jwks exceeds 1048576 bytes`);
      expect(await keys.hungUp[0]).to.equal(true);
    } finally {
      await keys.close();
    }
  });
});

describe('core/proxy/auth OIDC discovery that fails', () => {
  it('is not fetched again by every later token: unauthenticated clients cannot make the gateway refetch it', async () => {
    let fetches = 0;
    const server = createServer((_req, res) => {
      fetches++;
      res.writeHead(503).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const verifier = verifierOf({ issuer });
      for (let i = 0; i < 5; i++) {
        const err = await Promise.resolve(verifier.getKey(header, token)).catch((e: unknown) => e);
        expect((err as Error).message).to.contain('answered 503');
      }
      expect(fetches).to.equal(1);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
