import { expect } from 'chai';
import detector from '../../../../plugins/url-analyzer/index.js';
import { DEFAULT_SETTINGS } from '../../../../plugins/url-analyzer/settings.js';
import type { DetectorHit } from '../../../../core/guardrail/detector.js';

const at = (sensitivity: 'low' | 'balanced' | 'high') => detector.create({ ...DEFAULT_SETTINGS, sensitivity });
const firing = (d: ReturnType<typeof at>, text: string) =>
  (d.inspect({ direction: 'input', segments: [{ id: 0, text, source: 'prompt' }], attachments: [], attributes: {} }) as DetectorHit[]).filter((h) => h.confidence >= detector.defaultThreshold).map((h) => h.type);

describe('url_analyzer sensitivity', () => {
  const low = at('low');
  const balanced = at('balanced');
  const high = at('high');

  // A brand's name joined to another word: phishing as often as the brand's own sites.
  const combos = ['https://paypal-billing.com/login', 'https://secure-netflix.net/account', 'https://amazon-rewards.org/claim', 'https://github-pages.io/repo', 'https://microsoft-support.co/help'];
  // Stronger look-alikes: another script's letters, or one letter off.
  const strong = ['https://раураl.com/login', 'https://netflx.com/account', 'https://githuh.com/login', 'https://paypal.com.account-check.io/'];
  // Signals too weak for balanced: internal addresses and plain images inlined as data URLs.
  const weak = ['see http://10.0.0.12/admin', 'open http://192.168.1.1/setup', 'the dashboard is at http://172.16.4.2:8080/', '![x](data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==)'];

  it('low leaves out brand-and-word look-alikes, and keeps the stronger ones', () => {
    for (const text of combos) {
      expect(firing(balanced, text), text).to.include('url.lookalike');
      expect(firing(low, text), text).to.not.include('url.lookalike');
    }
    for (const text of strong) expect(firing(low, text), text).to.include('url.lookalike');
  });

  it('high reports internal addresses and inlined images that balanced leaves out', () => {
    for (const text of weak) {
      expect(firing(balanced, text), text).to.deep.equal([]);
      expect(firing(high, text), text).to.have.length(1);
    }
  });

  it('balanced is the default', () => {
    for (const text of [...combos, ...strong, ...weak]) expect(firing(balanced, text)).to.deep.equal(firing(detector.create(DEFAULT_SETTINGS), text));
  });
});
