/**
 * A `transform` rule of data_loss_prevention on its defaults, through `POST /v1/evaluate` with
 * an OpenAI chat body: benign prompts that name places, people and dates come back `allow` with
 * no transformed payload, while an email and a card are still masked; a rule that opts in to
 * names and places masks them.
 */
import { expect } from 'chai';
import { createTestGateway, type TestGateway } from '../../../core/testing/index.js';
import { DLP_BENIGN_PROMPTS } from '../../fixtures/detectors/dlp-benign-prompts.js';
import { GuardrailClient, maskRule } from './support/guardrail-client.js';

describe('guardrail evaluate: data_loss_prevention transform on its defaults', () => {
  let gateway: TestGateway;
  let client: GuardrailClient;
  let onDefaults: string;
  let optedIn: string;

  before(async () => {
    gateway = await createTestGateway({ planes: ['guardrail'] });
    client = await GuardrailClient.for(gateway);
    const plain = await client.collectorWithKey('rest_api', 'defaults');
    await client.policy({ collectors: [plain.collectorId], rules: [maskRule('input', 'transform')] });
    onDefaults = plain.key;
    const names = await client.collectorWithKey('rest_api', 'names and places');
    await client.policy({ collectors: [names.collectorId], rules: [{ ...maskRule('input', 'transform'), settings: { entities: ['EMAIL_ADDRESS', 'PERSON', 'LOCATION'] } }] });
    optedIn = names.key;
  });
  after(async () => gateway?.close());

  const chat = (key: string, content: string) =>
    client.evaluate(key, { protocol: 'llm', direction: 'input', payload: { model: 'gpt-4o-mini', messages: [{ role: 'user', content }] } });

  for (const prompt of DLP_BENIGN_PROMPTS) {
    it(`lets "${prompt}" through untouched`, async () => {
      const res = await chat(onDefaults, prompt);
      expect(res.status).to.equal(200);
      expect(res.body.status, JSON.stringify(res.body)).to.equal('allow');
      expect(res.body.findings).to.deep.equal([]);
      expect(res.body).to.not.have.property('transformed_payload');
    });
  }

  it('still masks an email and a payment card on the defaults', async () => {
    const res = await chat(onDefaults, 'Charge 4111 1111 1111 1111 and mail the receipt to ana.lima@example.com in Paris.');
    expect(res.body.status).to.equal('transform');
    expect(res.body.transformed_payload.messages[0].content).to.equal('Charge [CARD_1] and mail the receipt to [EMAIL_1] in Paris.');
  });

  it('masks names and places for a rule that opts in to them', async () => {
    const res = await chat(optedIn, 'What is the capital of France?');
    expect(res.body.status).to.equal('transform');
    expect(res.body.transformed_payload.messages[0].content).to.equal('What is the capital of [LOCATION_1]?');
  });
});
