import { expect } from 'chai';
import { findSecrets } from '../../../../../plugins/data-loss-prevention/secrets/index.js';
import { hitsOf, dlp } from '../inspect.js';
import { BASE62, Values } from './values.js';

const found = (text: string, sensitivity: 'low' | 'balanced' | 'high') => findSecrets(text, { sensitivity }).map((s) => text.slice(s.start, s.end));

describe('data_loss_prevention secrets: sensitivity', () => {
  const v = new Values(31);

  it('finds provider-format keys at every sensitivity', () => {
    for (let i = 0; i < 5; i++) {
      const token = v.githubToken();
      for (const s of ['low', 'balanced', 'high'] as const) expect(found(`GITHUB_TOKEN=${token}`, s), s).to.deep.equal([token]);
    }
  });

  it('low keeps only a secret-named value that is long and random; balanced takes a typical password', () => {
    for (let i = 0; i < 5; i++) {
      const password = `Harbor${v.int(1970, 2030)}!`;
      const text = `db_password=${password}`;
      expect(found(text, 'low')).to.deep.equal([]);
      expect(found(text, 'balanced')).to.deep.equal([password]);
      expect(found(text, 'high')).to.deep.equal([password]);
    }
  });

  it('high alone takes an Azure-shaped key named only by a nearby mention of Azure', () => {
    for (let i = 0; i < 5; i++) {
      const key = v.base64(64);
      const text = `our azure blob store uses ${key} for the nightly export`;
      expect(found(text, 'balanced')).to.deep.equal([]);
      expect(found(text, 'high')).to.deep.equal([key]);
    }
  });

  it('each point finds a superset of the one below it', () => {
    const texts = Array.from({ length: 20 }, () => `secret=${v.chars(BASE62, v.int(8, 14))} token=${v.chars(BASE62 + '-', v.int(10, 30))}`);
    for (const t of texts) {
      const low = found(t, 'low');
      const balanced = found(t, 'balanced');
      const high = found(t, 'high');
      expect(balanced, t).to.include.members(low);
      expect(high, t).to.include.members(balanced);
    }
  });

  it('the detector setting `sensitivity` chooses the point', () => {
    const password = `Quartz${v.int(1970, 2030)}#`;
    const text = `db_password=${password}`;
    expect(hitsOf([text], dlp({ sensitivity: 'low' } as never)).filter((h) => h.type === 'secret')).to.deep.equal([]);
    expect(hitsOf([text], dlp({ sensitivity: 'balanced' } as never)).find((h) => h.type === 'secret')?.entities).to.deep.equal(['GENERIC_SECRET']);
  });
});
