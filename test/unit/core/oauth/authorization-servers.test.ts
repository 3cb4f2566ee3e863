/**
 * The authorization servers a process keeps, one per gateway configuration and origin: reused
 * while the gateway's OAuth stays as it is, forgotten (with the private key each holds opened)
 * once a config snapshot turns it off or changes it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { logger } from '../../../../core/logging/logger.js';
import { AuthorizationServers } from '../../../../core/oauth/authorization-server.js';
import { OAUTH_EXTENSION, OAuthDirectory } from '../../../../core/oauth/oauth-directory.js';
import type { OAuthConfigRecord } from '../../../../core/oauth/oauth-records.js';
import { generateSigningKey } from '../../../../core/oauth/signing-key.js';
import { generateMasterKey, SecretBox } from '../../../../core/security/secret-box.js';
import type { SnapshotHolder } from '../../../../core/snapshot/holder.js';
import type { Snapshot } from '../../../../core/snapshot/snapshot.js';
import { openStore } from '../../../../core/store/open-store.js';
import type { Store } from '../../../../core/store/types.js';
import { testEgress } from '../../../../core/testing/test-egress.js';

const ORIGIN = 'http://127.0.0.1:8080';
const SLUGS = new Map([['gw-1', 'acme']]);

describe('oauth: the authorization servers of a process', () => {
  const secretBox = new SecretBox(generateMasterKey());
  let dataDir: string;
  let store: Store;
  // The holder's part the servers use: the snapshot swap they listen to.
  const swapListeners: Array<(snapshot: Snapshot) => void> = [];
  const holder = { onSwap: (listener: (snapshot: Snapshot) => void) => swapListeners.push(listener) } as unknown as SnapshotHolder;
  const swapTo = (records: OAuthConfigRecord[]) => {
    const snapshot = { extensions: new Map([[OAUTH_EXTENSION, new OAuthDirectory(records, SLUGS)]]) } as unknown as Snapshot;
    for (const listener of swapListeners) listener(snapshot);
  };
  const configOf = (issuer: string): OAuthConfigRecord => ({
    _id: 'cfg-1', gateway_id: 'gw-1', issuer, client_id: 'portcullis', client_secret_sealed: secretBox.seal('idp-secret'),
    groups_claim: 'groups', signing_key: generateSigningKey(secretBox), created_at: '2026-11-29T00:00:00Z', updated_at: '2026-11-29T00:00:00Z',
  });
  const oauthOf = (record: OAuthConfigRecord) => new OAuthDirectory([record], SLUGS).forGateway('gw-1')!;

  before(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'portcullis-as-'));
    store = await openStore({ dataDir });
  });
  after(async () => {
    await store.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('reuses a gateway\'s server across snapshots that keep its OAuth, and forgets it once one turns OAuth off', async () => {
    const servers = new AuthorizationServers({ store, holder, secretBox, egress: testEgress(), log: logger });
    const record = configOf('https://idp.example.com');
    const oauth = oauthOf(record);
    const first = servers.serverFor(oauth, ORIGIN);
    expect((await first).issuer).to.equal(`${ORIGIN}/acme/oauth`);
    swapTo([record]);
    expect(servers.serverFor(oauth, ORIGIN), 'kept while the configuration stands').to.equal(first);
    swapTo([]);
    expect(servers.serverFor(oauth, ORIGIN), 'built again: the old one was forgotten').to.not.equal(first);
  });

  it('forgets the server of a configuration a snapshot replaced', async () => {
    const servers = new AuthorizationServers({ store, holder, secretBox, egress: testEgress(), log: logger });
    const before = configOf('https://idp.example.com');
    const first = servers.serverFor(oauthOf(before), ORIGIN);
    await first;
    swapTo([configOf('https://other-idp.example.com')]);
    expect(servers.serverFor(oauthOf(before), ORIGIN)).to.not.equal(first);
  });
});
