import { expect } from 'chai';
import { AUTOLINKS } from '../../../../plugins/url-analyzer/url-candidates.js';
import { randomStrings } from '../random-strings.js';

describe('url_analyzer autolinks', () => {
  it('the quick search lets through every text the autolink pattern matches, and keeps most others from it', () => {
    const pieces = ['<', '>', '<http://', '<HTTPS://', '<ftp://', 'http', 'https:', '://', ':/', '//', 'x.test', '/p', ' ', '\n', 'é', '<a href="', '">', 'www.x.test'];
    let matched = 0;
    let skipped = 0;
    for (const text of randomStrings(pieces, 20000, 8, 13)) {
      if ([...text.matchAll(AUTOLINKS.pattern)].length) {
        matched++;
        expect(AUTOLINKS.mayMatch(text), JSON.stringify(text)).to.equal(true);
      } else if (!AUTOLINKS.mayMatch(text)) skipped++;
    }
    expect(matched).to.be.greaterThan(500);
    expect(skipped).to.be.greaterThan(5000);
  });
});
