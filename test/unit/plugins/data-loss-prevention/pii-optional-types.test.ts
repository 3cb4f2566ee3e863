/**
 * The opt-in entity types of data_loss_prevention (issue 34): ages, organisations, nationalities
 * and religious or political groups (NRP), ZIP codes and domain names. Each is found on several
 * varied texts once a rule lists it, and none is on by default.
 */
import { expect } from 'chai';
import { DEFAULT_ENTITIES, OPT_IN_ENTITIES } from '../../../../plugins/data-loss-prevention/entity-types.js';
import type { EntityType } from '../../../../plugins/data-loss-prevention/entity-types.js';
import { dlp, masked } from './inspect.js';

const only = (...entities: string[]) => dlp({ entities: entities as EntityType[] });

function expectFound(entity: string, label: string, cases: Array<[string, string]>): void {
  const d = only(entity);
  for (const [text, value] of cases) expect(masked(text, d), text).to.deep.equal([`${label}:${value}`]);
}

function expectNone(entity: string, texts: string[]): void {
  const d = only(entity);
  for (const text of texts) expect(masked(text, d), text).to.deep.equal([]);
}

describe('data_loss_prevention opt-in entity types', () => {
  it('none of the new types is on by default', () => {
    for (const e of ['AGE', 'ORGANIZATION', 'NRP', 'ZIP_CODE', 'DOMAIN_NAME']) {
      expect(OPT_IN_ENTITIES, e).to.include(e);
      expect(DEFAULT_ENTITIES, e).to.not.include(e);
    }
  });

  it('AGE: a person’s age in years', () => {
    expectFound('AGE', 'AGE', [
      ['I am 34 years old and need a quote', '34'],
      ['The patient, aged 71, reported chest pain', '71'],
      ['a 45-year-old man was admitted', '45'],
      ['My daughter is 9 years old.', '9'],
      ['Age: 62', '62'],
      ['she is 28 yrs old', '28'],
      ["My birthday is on the weekend. I'll turn 80.", '80'],
    ]);
    expectNone('AGE', ['The bridge is 34 metres long', 'We waited 71 minutes', 'The company is 120 years old', 'Chapter 9 covers the basics']);
  });

  it('ORGANIZATION: company names with a legal form or after an employment cue', () => {
    expectFound('ORGANIZATION', 'ORG', [
      ['I work for Halvorsen Technologies in the finance team', 'Halvorsen Technologies'],
      ['The contract with Brightwater Holdings expires soon', 'Brightwater Holdings'],
      ['Okonkwo & Sons shipped late', 'Okonkwo & Sons'],
      ['Coden is a design agency based in Kent', 'Coden'],
      ['She joined Marchetti GmbH last spring', 'Marchetti GmbH'],
      ['Pellegrini Inc. announced record profits', 'Pellegrini Inc.'],
    ]);
    expectNone('ORGANIZATION', ['I work from home on Fridays', 'The group met at noon']);
  });

  it('NRP: nationalities and religious or political groups', () => {
    expectFound('NRP', 'NRP', [
      ['I am Brazilian and proud of it', 'Brazilian'],
      ['As a Catholic, I need the holiday off', 'Catholic'],
      ['He voted as a lifelong Republican', 'Republican'],
      ['My neighbour is Vietnamese', 'Vietnamese'],
      ['She is a devout Buddhist', 'Buddhist'],
    ]);
    expectNone('NRP', ['Translate this into plain words', 'the republic of letters']);
  });

  it('ZIP_CODE: US ZIP codes after a ZIP or postal cue, or after a state code', () => {
    expectFound('ZIP_CODE', 'ZIP', [
      ['My ZIP code is 94103.', '94103'],
      ['zip: 10001-4356', '10001-4356'],
      ['postal code 60614 please', '60614'],
      ['Springfield, IL 62704', '62704'],
      ['ZIP: 8592', '8592'],
      ['postcode SW1A 1AA', 'SW1A 1AA'],
      ['Postal code: B0J 2H0', 'B0J 2H0'],
    ]);
    expectNone('ZIP_CODE', ['Order 94103 shipped', 'We sold 60614 units', 'error code 50013']);
  });

  it('DOMAIN_NAME: registrable domain names', () => {
    expectFound('DOMAIN_NAME', 'DOMAIN', [
      ['Visit bluestone.com for the details', 'bluestone.com'],
      ['My blog is at swiftcedar.io now', 'swiftcedar.io'],
      ['Is quietorbit.co.uk a phishing site?', 'quietorbit.co.uk'],
      ['Go to https://login.ironmaple.org/start and sign in', 'login.ironmaple.org'],
    ]);
    expectNone('DOMAIN_NAME', [
      'Open index.js and main.py',
      'call console.log(x) and os.path.join',
      'version 1.2.3 is out',
      'Microsoft.NETCore.App 8.0.1 [/usr/share/dotnet]',
      'using System.IO; using Contoso.Billing.App;',
      'the class org.example.Main.App runs',
    ]);
  });
});
