/**
 * The published faces (`portcullis`, `portcullis/plugin`, `portcullis/testing`) export what a
 * plugin author's code and tests call at run time. Types are proven by the template's typecheck
 * and by the pack-install test's build.
 */
import { expect } from 'chai';
import * as root from '../../../../core/index.js';
import * as plugin from '../../../../core/plugin/index.js';
import * as testing from '../../../../core/testing/index.js';

describe('core: the published faces', () => {
  it('portcullis starts a gateway from a program', () => {
    expect(root.startPortcullis).to.be.a('function');
    expect(root.resolveSettings({ planes: 'proxy' }, {}).planes).to.deep.equal(['proxy']);
  });

  it('portcullis/plugin gives the definitions, stages, refusals and errors a plugin uses', () => {
    for (const name of ['definePlugin', 'defineDetector', 'defineWireFormat', 'egressFetch', 'readAtMost', 'readResponseText', 'priceFor'] as const) {
      expect(plugin[name], name).to.be.a('function');
    }
    expect(plugin.STAGE.SIZE).to.be.below(plugin.STAGE.RATE);
    expect(plugin.CORE_API_VERSION).to.match(/^\d+\.\d+\.\d+$/);
    expect(new plugin.Rejection('invalid_request', { message: 'why' }).error.status).to.equal(400);
    expect(plugin.ERROR_CODES.rate_limited.status).to.equal(429);
    expect(plugin.GatewayError).to.be.a('function');
    expect(plugin.SegmentMemo).to.be.a('function');
    expect(plugin.ObjectSlot).to.be.a('function');
  });

  it('portcullis/plugin gives the counter modes, body limit and JSON path helpers the built-in plugins use', () => {
    for (const name of ['countersFor', 'valueAt', 'setValueAt', 'isObject'] as const) expect(plugin[name], name).to.be.a('function');
    expect(plugin.DEFAULT_BODY_LIMIT).to.be.a('number');
    expect(plugin.DEFAULT_GUARDRAIL_URL).to.equal('http://127.0.0.1:8002');
    expect(plugin.valueAt({ a: [{ b: 1 }] }, ['a', 0, 'b'])).to.equal(1);
  });

  it('portcullis/testing gives the gateway, kit, fake upstream and settings validator', () => {
    for (const name of ['createTestGateway', 'fakeKit', 'startFakeOpenAI', 'settingsValidator', 'Seeder'] as const) {
      expect(testing[name], name).to.be.a('function');
    }
  });
});
