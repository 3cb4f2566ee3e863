import { expect } from 'chai';
import { EmbeddedStore } from '../../../../core/store/embedded/embedded-store.js';
import { tempDirForEachTest } from '../../../fixtures/files/temp-dir.js';
import { killStoreChild, startStoreChild, type StoreChild } from './store-child-process.js';

describe('core/store/embedded crash safety', () => {
  let child: StoreChild | undefined;
  const dataDir = tempDirForEachTest('portcullis-embedded-crash-', async () => {
    await killStoreChild(child);
    child = undefined;
  });

  it('loses no acknowledged write when the process is SIGKILLed mid-write', async function () {
    this.timeout(60_000);
    // A small compaction threshold, so the kill may also land in the middle of a compaction.
    child = startStoreChild(['write', dataDir(), '16384']);
    await child.waitFor((lines) => lines.filter((line) => line.startsWith('id ')).length >= 600);
    child.process.kill('SIGKILL');
    await child.exited;
    expect(child.process.signalCode).to.equal('SIGKILL');

    const acknowledged = child.lines.filter((line) => line.startsWith('id ')).map((line) => line.slice(3));
    const counts = child.lines.filter((line) => line.startsWith('n ')).map((line) => Number(line.slice(2)));
    expect(acknowledged.length).to.be.at.least(600);

    // The dead child's lock is stale and is taken over.
    const store = await EmbeddedStore.open({ dataDir: dataDir() });
    try {
      const stored = new Set((await store.collection('docs').find({}, { projection: { _id: 1 } })).map((d) => d._id));
      const missing = acknowledged.filter((id) => !stored.has(id));
      expect(missing, `${missing.length} acknowledged ids missing`).to.deep.equal([]);
      const counter = await store.collection('counters').findOne({ _id: 'c' });
      expect(counter?.n as number).to.be.at.least(Math.max(0, ...counts));
      const sample = await store.collection('docs').findOne({ _id: acknowledged[0] });
      expect(sample?.at).to.be.instanceOf(Date);
    } finally {
      await store.close();
    }
  });
});
