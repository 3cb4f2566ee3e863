/**
 * data_loss_prevention on its defaults looks only for the high-precision entity types (validated
 * identifiers, contact and network data, secrets): ordinary prompts that mention a place, a
 * person or a date pass untouched, while names, addresses, places and dates of birth are found
 * once a rule opts in to them.
 */
import { expect } from 'chai';
import detector, { type DataLossPreventionSettings } from '../../../../plugins/data-loss-prevention/index.js';
import { DEFAULT_ENTITIES, OPT_IN_ENTITIES } from '../../../../plugins/data-loss-prevention/entity-types.js';
import { validatorFor } from '../../../../core/schema/ajv.js';
import { DLP_BENIGN_PROMPTS } from '../../../fixtures/detectors/dlp-benign-prompts.js';
import { masked } from './inspect.js';

/** The detector built from `{}` exactly as a rule without settings builds it. */
function onDefaults() {
  const settings: Record<string, unknown> = {};
  if (!validatorFor(detector.schemaId)(settings)) throw new Error('defaults do not validate');
  return detector.create(settings as unknown as DataLossPreventionSettings);
}

describe('data_loss_prevention defaults', () => {
  const d = onDefaults();

  for (const prompt of DLP_BENIGN_PROMPTS) {
    it(`masks nothing in a benign prompt: "${prompt}"`, () => {
      expect(masked(prompt, d)).to.deep.equal([]);
    });
  }

  it('still masks validated identifiers, contact data and secrets', () => {
    const text = 'Mail jane.doe@example.com or call +1 415-555-0132, card 4111 1111 1111 1111, host 203.0.113.7, key AKIAQ3EGUJ2XH7NC5K4M';
    expect(masked(text, d).map((m) => m.split(':')[0])).to.deep.equal(['EMAIL', 'PHONE', 'CARD', 'IP', 'AWS_ACCESS_KEY']);
  });

  it('leaves names, addresses, places, dates of birth and the other contextual types to an explicit opt-in', () => {
    expect(OPT_IN_ENTITIES).to.have.members(['PERSON', 'LOCATION', 'STREET_ADDRESS', 'DATE_OF_BIRTH', 'AGE', 'ORGANIZATION', 'NRP', 'ZIP_CODE', 'DOMAIN_NAME']);
    expect(DEFAULT_ENTITIES).to.not.include.members([...OPT_IN_ENTITIES]);
  });

  it('masks names and places when a rule opts in to them', () => {
    const optedIn = detector.create({ ...defaultsWith(['PERSON', 'LOCATION']) });
    expect(masked('What is the capital of France?', optedIn)).to.deep.equal(['LOCATION:France']);
    expect(masked('My name is Maria Conti and I moved here from Helsinki', optedIn)).to.deep.equal(['PERSON:Maria Conti', 'LOCATION:Helsinki']);
  });
});

/** Validated settings: the default entities plus `extra`. */
function defaultsWith(extra: string[]): DataLossPreventionSettings {
  const settings: Record<string, unknown> = { entities: [...DEFAULT_ENTITIES, ...extra] };
  if (!validatorFor(detector.schemaId)(settings)) throw new Error('invalid settings in test');
  return settings as unknown as DataLossPreventionSettings;
}
