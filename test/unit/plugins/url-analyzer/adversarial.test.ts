/**
 * url_analyzer on adversarial input, with the URL budget at its maximum (`max_urls` 100,000)
 * and a deny list, shorteners and protected brands configured: a hundred thousand URLs of each
 * shape (plain, defanged, markdown, HTML, IP hosts, look-alikes), huge URLs and host names, and
 * nesting. Each case must finish (the mocha timeout is the hang detector), not throw, and report
 * within the service's limits; URLs beyond the budget are reported, never skipped in silence.
 */
import { expect } from 'chai';
import type { DetectorHit } from '../../../../core/guardrail/detector.js';
import detector from '../../../../plugins/url-analyzer/index.js';
import { COMMON_CASES, MB, expectWithinLimits, nested, repeated, requestOf, settingsOf } from '../adversarial-inputs.js';

const widest = settingsOf(detector, { max_urls: 100_000, deny_domains: ['evil.io'], shorteners: ['is.gd'], protected_domains: ['paypal.com'] });
const inspect = (text: string, settings = widest): DetectorHit[] => detector.create(settings).inspect(requestOf([text])) as DetectorHit[];
const distinct = (count: number, url: (i: number) => string) => Array.from({ length: count }, (_, i) => url(i)).join(' ');

describe('url_analyzer: adversarial inputs', function () {
  // The whole file reads in a few seconds; the quadratic URL checks took a minute per case.
  this.timeout(30_000);

  for (const [what, make] of COMMON_CASES) {
    it(`reads ${what}`, () => expectWithinLimits(inspect(make())));
  }

  const CASES: ReadonlyArray<readonly [string, () => string]> = [
    ['200,000 plain URLs (each checked against those found before by its own characters)', () => repeated('http://x.io ', 2.4 * MB)],
    ['100,000 distinct URLs', () => distinct(100_000, (i) => `http://h${i}.io/p`)],
    ['100,000 bare host names', () => repeated('x.io ', 0.5 * MB)],
    ['100,000 defanged URLs (each looked up among the rewritten ranges by a binary search)', () => repeated('hxxp[:]//x[.]io ', 1.6 * MB)],
    ['100,000 markdown links', () => repeated('[a](http://x.io) ', 1.7 * MB)],
    ['100,000 markdown images', () => repeated('![a](http://x.io)', 1.7 * MB)],
    ['100,000 reference definitions', () => repeated('[a]: http://x.io\n', 1.7 * MB)],
    ['100,000 HTML image tags', () => repeated('<img src=http://x.io>', 2.1 * MB)],
    ['unterminated tag attributes', () => repeated('<a href=', 1.6 * MB)],
    ['100,000 IP-literal hosts', () => repeated('http://1.2.3.4/ ', 1.6 * MB)],
    ['100,000 look-alikes of a protected brand', () => repeated('http://paypa1.com ', 1.8 * MB)],
    ['a 2 MB URL path', () => `http://a.io/${'a'.repeat(2 * MB)}`],
    ['a 2 MB host name of labels', () => `http://${repeated('a.', 2 * MB)}io`],
    ['a denied domain under a megabyte of subdomains', () => `${repeated('a.', 2 * MB)}evil.io`],
    ['a megabyte of percent escapes in a query', () => `http://x.io/?q=${repeated('%41', MB)}`],
    ['user-info markers back to back', () => repeated('http://a@', 1.8 * MB)],
    ['nested markdown brackets', () => nested('[', '](http://x.io)', 100_000)],
    ['nested parentheses after a URL', () => `http://x.io/${'('.repeat(MB)}`],
    ['nested CSS url() calls', () => nested('url(', ')', 300_000)],
  ];
  for (const [what, make] of CASES) {
    it(`reads ${what}`, () => expectWithinLimits(inspect(make())));
  }

  it('reports the URLs beyond max_urls as url.limit_reached, at the default threshold', () => {
    const small = settingsOf(detector, { max_urls: 10, deny_domains: ['evil.io'] });
    const hidden = `${repeated('http://fine.io ', 10 * 'http://fine.io '.length)}http://evil.io/x`;
    const hits = inspect(hidden, small);
    expect(hits.map((h) => h.type)).to.deep.equal(['url.limit_reached']);
    expect(hits[0].confidence).to.be.at.least(detector.defaultThreshold);
    // Exactly max_urls URLs: nothing is left over, nothing is reported.
    expect(inspect(repeated('http://fine.io ', 10 * 'http://fine.io '.length), small)).to.deep.equal([]);
    // The second segment's URL is beyond the budget too.
    const split = detector.create(small).inspect(requestOf([repeated('http://fine.io ', 10 * 'http://fine.io '.length), 'see http://evil.io/x'])) as DetectorHit[];
    expect(split.map((h) => h.type)).to.deep.equal(['url.limit_reached']);
  });
});
