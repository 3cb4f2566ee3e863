import { expect } from 'chai';
import { dlp, hitsOf, redacted } from './inspect.js';

describe('data_loss_prevention hits and masked tokens', () => {
  it('gives the same value the same token across segments, numbering per type', () => {
    const texts = [
      'Mail anna@example.com or bob@example.com, or call +1 415-555-0132.',
      'Again: anna@example.com. Fax +1 (415) 555-0132, card 4111 1111 1111 1111.',
    ];
    expect(redacted(texts)).to.deep.equal([
      'Mail [EMAIL_1] or [EMAIL_2], or call [PHONE_1].',
      'Again: [EMAIL_1]. Fax [PHONE_1], card [CARD_1].',
    ]);
  });

  it('starts numbering again for each inspection request', () => {
    expect(redacted(['write to bob@example.com'])).to.deep.equal(['write to [EMAIL_1]']);
    expect(redacted(['write to carol@example.com'])).to.deep.equal(['write to [EMAIL_1]']);
  });

  it('returns one hit per family, with entity types, counts and no values', () => {
    const text = 'anna@example.com uses AKIAQX7K2MV6PL4TR3NW from 10.0.0.7';
    const hits = hitsOf([text]);
    expect(hits.map((h) => h.type)).to.deep.equal(['pii', 'secret']);
    const [pii, secret] = hits;
    expect(pii.entities).to.have.members(['EMAIL_ADDRESS', 'IP_ADDRESS']);
    expect(pii.masked).to.equal(2);
    expect(secret.entities).to.deep.equal(['AWS_ACCESS_KEY']);
    expect(secret.masked).to.equal(1);
    for (const h of hits) {
      expect(h.confidence).to.be.within(0, 1);
      const serialized = JSON.stringify(h);
      for (const value of ['anna@example.com', 'AKIAQX7K2MV6PL4TR3NW', '10.0.0.7']) expect(serialized).to.not.contain(value);
    }
  });

  it('returns no hit for clean text', () => {
    expect(hitsOf(['Please summarize this article about rivers in three sentences.'])).to.deep.equal([]);
  });

  it('leaves no validated value readable after redaction', () => {
    const text = 'SSN 536-22-8745, IBAN DE89 3704 0044 0532 0130 00, card 5555-5555-5555-4444, ip 2001:db8::1, mail x.y@example.net, phone +44 20 7946 0958';
    const [out] = redacted([text]);
    for (const value of ['536-22-8745', 'DE89 3704 0044 0532 0130 00', '5555-5555-5555-4444', '2001:db8::1', 'x.y@example.net', '+44 20 7946 0958']) expect(out).to.not.contain(value);
    expect(out).to.equal('SSN [SSN_1], IBAN [IBAN_1], card [CARD_1], ip [IP_1], mail [EMAIL_1], phone [PHONE_1]');
  });

  it('keeps allow-listed values and values matching an allow pattern', () => {
    const d = dlp({ allow_list: ['Support@Example.com'], allow_patterns: ['10\\.\\d+\\.\\d+\\.\\d+'] });
    expect(redacted(['mail support@example.com or me@example.com from 10.1.2.3 or 8.8.8.8'], d)).to.deep.equal(['mail support@example.com or [EMAIL_1] from 10.1.2.3 or [IP_1]']);
  });

  it('reports only the enabled entity types', () => {
    const d = dlp({ entities: ['EMAIL_ADDRESS'] });
    expect(redacted(['me@example.com at 10.1.2.3 with AKIAQX7K2MV6PL4TR3NW'], d)).to.deep.equal(['[EMAIL_1] at 10.1.2.3 with AKIAQX7K2MV6PL4TR3NW']);
  });

  it('raises the bar for generic secrets with the entropy threshold', () => {
    const text = 'password=Tr0ub4dor&3xyz';
    expect(hitsOf([text]).some((h) => h.type === 'secret')).to.equal(true);
    expect(hitsOf([text], dlp({ entropy_threshold: 4.5 })).some((h) => h.type === 'secret')).to.equal(false);
  });
});
