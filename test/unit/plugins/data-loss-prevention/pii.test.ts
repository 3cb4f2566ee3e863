import { expect } from 'chai';
import { masked } from './inspect.js';

describe('data_loss_prevention PII recognizers', () => {
  const cases: Array<[string, string[]]> = [
    // Validated types, each with a benign look-alike.
    ['Write to jane.doe@example.org today', ['EMAIL:jane.doe@example.org']],
    ['write to jane at example dot org', []],
    ['Call me at (415) 555-0132 tomorrow', ['PHONE:(415) 555-0132']],
    ['Phone: 0490 75 40 81', ['PHONE:0490 75 40 81']],
    ['Meeting at 10:30 in room 4, order 1234567 shipped', []],
    ['Card 4111 1111 1111 1111 expires soon', ['CARD:4111 1111 1111 1111']],
    ['Card 4111 1111 1111 1112 expires soon', []],
    ['IBAN GB82 WEST 1234 5698 7654 32 please', ['IBAN:GB82 WEST 1234 5698 7654 32']],
    ['IBAN GB82 WEST 1234 5698 7654 33 please', []],
    ['My SSN is 536-22-8745', ['SSN:536-22-8745']],
    ['SSN 000-12-3456, 666-12-3456 and 912-34-5678 were never issued', []],
    ['host 192.168.10.42 is down', ['IP:192.168.10.42']],
    ['ip 2001:db8::8a2e:370:7334 answers', ['IP:2001:db8::8a2e:370:7334']],
    ['version 1.2.3, build 999.1.1.1 at 12:30:45, mac 00:1A:2B:3C:4D:5E', []],
    // Contextual types.
    ['DOB: 03/14/1985', ['DOB:03/14/1985']],
    ['She was born on March 3, 1985 in a small town.', ['DOB:March 3, 1985']],
    ['The invoice dated 26 June 1996 is overdue', []],
    ['firmware version 10.2.3.4 is installed on host 10.2.3.5', ['IP:10.2.3.5']],
    ['The meeting is on 03/14/1985', []],
    ['My name is Maria Conti and I moved here from Helsinki', ['PERSON:Maria Conti', 'LOCATION:Helsinki']],
    ['Have you been to a Ravil G Yefimov concert before?', ['PERSON:Ravil G Yefimov']],
    ['Our 3 founders: Monjeau, Graves and Reed.', ['PERSON:Monjeau', 'PERSON:Graves', 'PERSON:Reed']],
    ['Meet me at the corner of Glyn Street and King Forges', []],
    ['Bekins is a moving company, Drake PLC a bank', ['ORG:Bekins', 'ORG:Drake PLC']],
    ['Please send it to 1668 Glyn St, Springfield', ['ADDRESS:1668 Glyn St, Springfield']],
    ['The office is at 6750 Koskikatu 25 Apt. 864\nArtilleros\n, CO', ['ADDRESS:6750 Koskikatu 25 Apt. 864\nArtilleros\n, CO']],
    ['We visited Canada and Estonia last summer', ['LOCATION:Canada', 'LOCATION:Estonia']],
    ['The weather in March is lovely and the report is due on Friday', []],
    ['Please summarize the quarterly report and list three risks', []],
  ];
  for (const [text, expected] of cases) {
    it(`${JSON.stringify(text)} -> ${expected.length ? expected.join(', ') : 'nothing'}`, () => {
      expect(masked(text)).to.deep.equal(expected);
    });
  }
});
