import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { EmbeddedStore } from '../../../../core/store/embedded/embedded-store.js';
import { LOCK_FILE } from '../../../../core/store/embedded/data-dir-lock.js';
import { StoreError } from '../../../../core/store/types.js';
import { tempDirForEachTest } from '../../../fixtures/files/temp-dir.js';
import { killStoreChild, startStoreChild, type StoreChild } from './store-child-process.js';

describe('core/store/embedded data directory lock', () => {
  let child: StoreChild | undefined;
  const dataDir = tempDirForEachTest('portcullis-embedded-lock-', async () => {
    await killStoreChild(child);
    child = undefined;
  });

  it('writes the pid into the lock and removes it on close', async () => {
    const store = await EmbeddedStore.open({ dataDir: dataDir() });
    expect(readFileSync(join(dataDir(), LOCK_FILE), 'utf8').trim()).to.equal(String(process.pid));
    await store.close();
    expect(existsSync(join(dataDir(), LOCK_FILE))).to.equal(false);
  });

  it('refuses a second opener in the same process', async () => {
    const store = await EmbeddedStore.open({ dataDir: dataDir() });
    try {
      const error = await EmbeddedStore.open({ dataDir: dataDir() }).catch((e: unknown) => e);
      expect(error).to.be.instanceOf(StoreError).with.property('code', 'unavailable');
      expect((error as Error).message).to.contain('already open in this process');
    } finally {
      await store.close();
    }
    // Once closed, it opens again.
    await (await EmbeddedStore.open({ dataDir: dataDir() })).close();
  });

  it('refuses while another live process holds the directory, naming it', async function () {
    this.timeout(30_000);
    child = startStoreChild(['hold', dataDir()]);
    await child.waitFor((lines) => lines.includes('ready'));
    const error = await EmbeddedStore.open({ dataDir: dataDir() }).catch((e: unknown) => e);
    expect(error).to.be.instanceOf(StoreError).with.property('code', 'unavailable');
    expect((error as Error).message).to.contain(`in use by process ${child.process.pid}`);
  });

  it('takes over a lock left by a process that is gone', async () => {
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
    writeFileSync(join(dataDir(), LOCK_FILE), `${gone.stdout}\n`);
    const store = await EmbeddedStore.open({ dataDir: dataDir() });
    expect(readFileSync(join(dataDir(), LOCK_FILE), 'utf8').trim()).to.equal(String(process.pid));
    await store.close();
  });
});
