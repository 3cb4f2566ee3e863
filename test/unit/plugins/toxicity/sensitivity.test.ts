import { expect } from 'chai';
import detector from '../../../../plugins/toxicity/index.js';
import { hitsOf, toxicity } from './inspect.js';

/** The strongest confidence the detector gives a text. */
const top = (text: string, d = toxicity()) => Math.max(0, ...hitsOf(text, d).map((h) => h.confidence));
const fires = (text: string, d = toxicity()) => top(text, d) >= detector.defaultThreshold;

describe('toxicity sensitivity', () => {
  const low = toxicity({ sensitivity: 'low' });
  const balanced = toxicity({ sensitivity: 'balanced' });
  const high = toxicity({ sensitivity: 'high' });

  // Mild swearing and name-calling the balanced point reports with middling confidence.
  // (Re-picked for the model retrained on 2^16 buckets with packed character 3- and 4-grams: the
  // texts near the balanced point move with any retraining.)
  const middling = ['damn it all', 'damn this rain', 'oh damn', 'honestly you are damn annoying', 'oh hell no', 'damn that hurts', 'go to hell you', 'oh damn it'];
  // Borderline texts just under the balanced point.
  const borderline = ['go to hell', 'honestly you are so lame', 'honestly you are a bloody menace', 'he is damn annoying', 'the damn printer again', 'you are a bloody menace'];
  // What no operating point may let through.
  const severe = ['I will kill you tomorrow', 'all those immigrants should be shot', 'this is fucking broken', 'I want to kill myself'];
  const benign = ['kill the python process and restart the server', 'Please assess the class assignment', 'Is suicide prevention funding rising?'];

  it('balanced is the default: the same hits as no sensitivity set', () => {
    for (const text of [...middling, ...borderline, ...severe]) expect(hitsOf(text, balanced), text).to.deep.equal(hitsOf(text, toxicity()));
  });

  it('low leaves out the middling texts balanced reports, and keeps the severe ones', () => {
    for (const text of middling) {
      expect(fires(text, balanced), text).to.equal(true);
      expect(fires(text, low), text).to.equal(false);
    }
    for (const text of severe) expect(fires(text, low), text).to.equal(true);
  });

  it('high reports the borderline texts balanced leaves out, and still no benign one', () => {
    for (const text of borderline) {
      expect(fires(text, balanced), text).to.equal(false);
      expect(fires(text, high), text).to.equal(true);
    }
    for (const text of benign) expect(fires(text, high), text).to.equal(false);
  });

  it('keeps the ranking: every text scores low <= balanced <= high', () => {
    for (const text of [...middling, ...borderline, ...severe]) {
      expect(top(text, low), text).to.be.at.most(top(text, balanced));
      expect(top(text, balanced), text).to.be.at.most(top(text, high));
    }
  });
});
