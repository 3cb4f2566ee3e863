/** schemas/plugins/routing.schema.json: examples valid, defaults applied, bad values refused with the field named. */
import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import { describeErrors, validatorFor } from '../../../../core/schema/ajv.js';

const ID = 'https://portcullis.dev/schemas/plugins/routing.schema.json';
const schema = JSON.parse(readFileSync(new URL('../../../../schemas/plugins/routing.schema.json', import.meta.url), 'utf8')) as {
  examples: unknown[];
  $defs: Record<string, { examples?: unknown[] }>;
};

describe('routing: settings schema', () => {
  it('every example validates, at the top and in each definition', () => {
    for (const example of schema.examples) expect(validatorFor(ID)(structuredClone(example)), JSON.stringify(example)).to.equal(true);
    for (const [name, def] of Object.entries(schema.$defs)) {
      for (const example of def.examples ?? []) expect(validatorFor(`${ID}#/$defs/${name}`)(structuredClone(example)), name).to.equal(true);
    }
  });

  it('applies defaults', () => {
    const retry: Record<string, unknown> = {};
    validatorFor(`${ID}#/$defs/retry`)(retry);
    expect(retry).to.deep.equal({
      max_retries: 0, on: ['429', '502', '504', 'connection'], initial_delay_ms: 250, max_delay_ms: 8000, multiplier: 2, jitter: 0.5, respect_retry_after: true, max_retry_after_ms: 30000,
    });
    const health: Record<string, unknown> = { enabled: true };
    validatorFor(`${ID}#/$defs/health_check`)(health);
    expect(health).to.include({ interval_ms: 10000, timeout_ms: 5000, unhealthy_threshold: 3, healthy_threshold: 2 });
    const breaker: Record<string, unknown> = { enabled: true };
    validatorFor(`${ID}#/$defs/circuit_breaker`)(breaker);
    expect(breaker).to.deep.include({ failure_threshold: 5, open_ms: 30000, half_open_probes: 1, success_threshold: 1, on: ['5xx', 'timeout', 'connection'] });
  });

  it('refuses bad values, naming the field', () => {
    const validate = validatorFor(`${ID}#/$defs/retry`);
    expect(validate({ max_retries: -1, jitter: 2, extra: true })).to.equal(false);
    const message = describeErrors(validate.errors, '/retry');
    expect(message).to.contain('/retry/max_retries').and.contain('/retry/jitter').and.contain('/retry/extra is not allowed');
    expect(validatorFor(`${ID}#/$defs/trigger`)('sometimes')).to.equal(false);
    for (const trigger of ['429', '5xx', '503', 'timeout', 'connection', 'content_filter', 'context_length']) {
      expect(validatorFor(`${ID}#/$defs/trigger`)(trigger), trigger).to.equal(true);
    }
  });
});
