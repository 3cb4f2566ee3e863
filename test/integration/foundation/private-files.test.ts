/**
 * What Portcullis keeps on disk is readable by its own user only: the data directory, the
 * embedded store's journal, snapshot and lock, the generated secrets and a data plane's config
 * cache (0600 files, 0700 folders), including files an older version left more open. The
 * generated master key lives in the secrets folder (`<data-dir>/secrets` by default), apart
 * from the store files whose secrets it seals, and a key left at `<data-dir>/master.key` by an
 * older version is moved there without being lost.
 */
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import { resolveSettings } from '../../../core/config/settings.js';
import { startPortcullis } from '../../../core/bootstrap/start.js';
import { ConfigCache } from '../../../core/cluster/config-cache.js';
import { generateMasterKey, SecretBox } from '../../../core/security/secret-box.js';
import { EMPTY_CONFIG } from '../../../core/snapshot/config-document.js';
import { createTestGateway } from '../../../core/testing/index.js';
import { tempDirForEachTest } from '../../fixtures/files/temp-dir.js';
import { recordingLog } from '../../unit/core/observability/support.js';

/** Permission bits of `path`. */
const modeOf = (path: string) => statSync(path).mode & 0o777;

/** Every file and folder under `root` (root included), without recursion on depth. */
function tree(root: string): string[] {
  const found = [root];
  for (let i = 0; i < found.length; i++) {
    if (!statSync(found[i]).isDirectory()) continue;
    for (const name of readdirSync(found[i])) found.push(join(found[i], name));
  }
  return found;
}

function expectOwnerOnly(root: string): void {
  for (const path of tree(root)) {
    const expected = statSync(path).isDirectory() ? 0o700 : 0o600;
    expect(modeOf(path).toString(8), path).to.equal(expected.toString(8));
  }
}

describe('files on disk: owner-only modes and the master key apart from the store', () => {
  const root = tempDirForEachTest('portcullis-files-');

  it('creates the data directory, store files, lock and generated secrets owner-only (0700 folders, 0600 files)', async () => {
    const dataDir = join(root(), 'data');
    const gateway = await createTestGateway({ dataDir });
    try {
      await gateway.seed.gateway({ slug: 'acme' });
      const names = tree(dataDir).map((p) => p.slice(dataDir.length));
      expect(names).to.include.members(['/store', '/admin-jwt.secret', '/node-id', '/secrets', '/secrets/master.key']);
      expect(names.some((n) => n.endsWith('journal.jsonl'))).to.equal(true);
      expect(names.some((n) => n.endsWith('snapshot.jsonl'))).to.equal(true);
      expect(names.some((n) => n.endsWith('/LOCK'))).to.equal(true);
      expectOwnerOnly(dataDir);
    } finally {
      await gateway.close();
    }
  });

  it('keeps the generated master key in the secrets folder, never beside the store files, and honours PORTCULLIS_SECRETS_DIR', async () => {
    const dataDir = join(root(), 'data');
    const secretsDir = join(root(), 'elsewhere', 'secrets');
    const gateway = await createTestGateway({ dataDir, env: { PORTCULLIS_SECRETS_DIR: secretsDir } });
    try {
      expect(existsSync(join(dataDir, 'master.key'))).to.equal(false);
      expect(tree(dataDir).some((p) => p.endsWith('master.key'))).to.equal(false);
      const key = readFileSync(join(secretsDir, 'master.key'), 'utf8').trim();
      expect(modeOf(join(secretsDir, 'master.key')).toString(8)).to.equal('600');
      expect(modeOf(secretsDir).toString(8)).to.equal('700');
      // The key in the secrets folder is the one sealing secrets.
      expect(new SecretBox(key).open(gateway.secretBox.seal('vault-secret'))).to.equal('vault-secret');
    } finally {
      await gateway.close();
    }
  });

  it('tightens a master key file placed world-readable in a secrets folder outside the data directory', async () => {
    const secretsDir = join(root(), 'secrets');
    mkdirSync(secretsDir, { mode: 0o755 });
    const key = generateMasterKey();
    writeFileSync(join(secretsDir, 'master.key'), key + '\n', { mode: 0o644 });
    const gateway = await createTestGateway({ dataDir: join(root(), 'data'), env: { PORTCULLIS_SECRETS_DIR: secretsDir } });
    try {
      expectOwnerOnly(secretsDir);
      expect(gateway.secretBox.open(new SecretBox(key).seal('x'))).to.equal('x');
    } finally {
      await gateway.close();
    }
  });

  it('tightens files and folders an older version left world-readable, at start', async () => {
    const dataDir = join(root(), 'data');
    const first = await createTestGateway({ dataDir });
    await first.seed.gateway({ slug: 'acme' });
    await first.close();
    for (const path of tree(dataDir)) chmodSync(path, statSync(path).isDirectory() ? 0o755 : 0o644);
    const again = await createTestGateway({ dataDir });
    try {
      expectOwnerOnly(dataDir);
    } finally {
      await again.close();
    }
  });

  it('moves a master key an older version kept at <data-dir>/master.key into the secrets folder, keeping sealed secrets readable', async () => {
    const dataDir = join(root(), 'data');
    mkdirSync(dataDir, { recursive: true });
    const legacyKey = generateMasterKey();
    writeFileSync(join(dataDir, 'master.key'), legacyKey + '\n', { mode: 0o644 });
    const gateway = await createTestGateway({ dataDir });
    try {
      expect(existsSync(join(dataDir, 'master.key'))).to.equal(false);
      expect(readFileSync(join(dataDir, 'secrets', 'master.key'), 'utf8').trim()).to.equal(legacyKey);
      const sealedBefore = new SecretBox(legacyKey).seal('sealed-by-the-old-key');
      expect(gateway.secretBox.open(sealedBefore)).to.equal('sealed-by-the-old-key');
      expectOwnerOnly(dataDir);
    } finally {
      await gateway.close();
    }
  });

  it('refuses to start when the old and the new place hold different master keys, naming both files', async () => {
    const dataDir = join(root(), 'data');
    mkdirSync(join(dataDir, 'secrets'), { recursive: true });
    writeFileSync(join(dataDir, 'master.key'), generateMasterKey() + '\n');
    writeFileSync(join(dataDir, 'secrets', 'master.key'), generateMasterKey() + '\n');
    const settings = resolveSettings({ planes: 'admin', 'admin-port': '0', 'data-dir': dataDir }, {});
    let failure: Error | undefined;
    try {
      const running = await startPortcullis(settings);
      await running.close();
    } catch (err) {
      failure = err as Error;
    }
    expect(failure?.message).to.contain(join(dataDir, 'master.key')).and.contain(join(dataDir, 'secrets', 'master.key'));
    // Neither key was lost.
    expect(existsSync(join(dataDir, 'master.key'))).to.equal(true);
  });

  it("writes a data plane's config cache owner-only", () => {
    const dataDir = join(root(), 'dp');
    mkdirSync(dataDir, { mode: 0o700 });
    new ConfigCache(dataDir, new SecretBox(generateMasterKey()), recordingLog()).save(EMPTY_CONFIG);
    expect(modeOf(join(dataDir, 'config-cache.json')).toString(8)).to.equal('600');
  });
});
