/**
 * Every hook a plugin may declare runs, or declaring it is refused at load: `authenticate` and
 * `resolveConsumer` run before the consumer (and so its policies) is known, so they are
 * core-only, and a plugin declaring either is refused with a message naming the hook.
 */
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { HOOKS, HOOK_ORDER } from '../../../../core/pipeline/hooks.js';
import { PluginHost, PluginLoadError } from '../../../../core/plugin/host.js';
import { recordTaps, TapRefusedError } from '../../../../core/plugin/tap-recorder.js';
import { definePlugin, type Stage } from '../../../../core/plugin/types.js';
import { createTestGateway } from '../../../../core/testing/index.js';

const authTapper = fileURLToPath(new URL('../../../fixtures/plugins/auth-tapper', import.meta.url));

function declaring(name: string, stages: readonly Stage[]) {
  const schema = { $id: `https://portcullis.dev/test/${name}.schema.json`, type: 'object', additionalProperties: false, properties: {}, examples: [{}] };
  return definePlugin({ kind: 'plugin', name, version: '1.0.0', coreApi: '^1.0.0', schemaId: schema.$id, schema, category: 'auth', stages, setup() {} });
}

describe('core/plugin: core-only stages are refused at load', () => {
  for (const hook of ['authenticate', 'resolveConsumer'] as const) {
    it(`refuses a plugin declaring ${hook}, naming the hook`, () => {
      const host = new PluginHost();
      expect(() => host.register(declaring(`declares_${hook.toLowerCase()}`, ['admit', hook]), 'my-plugin')).to.throw(PluginLoadError, new RegExp(`my-plugin: .*"${hook}".*only the core taps`));
      expect(() => recordTaps('someone', [hook])).to.throw(TapRefusedError, new RegExp(`"${hook}"`));
    });
  }

  it('accepts every other hook of the pipeline', () => {
    const host = new PluginHost();
    const open = HOOK_ORDER.filter((hook) => !HOOKS[hook].coreOnly);
    expect(open).to.include.members(['admit', 'checkStream', 'checkOutput', 'settle']);
    expect(() => host.register(declaring('declares_the_rest', open), 'all-the-rest')).to.not.throw();
  });

  it('refuses to start a gateway with a third-party plugin tapping authenticate', async () => {
    let error: unknown;
    try {
      const gateway = await createTestGateway({ plugins: [authTapper], planes: ['proxy'] });
      await gateway.close();
    } catch (err) {
      error = err;
    }
    expect(error).to.be.instanceOf(PluginLoadError);
    expect((error as Error).message).to.contain('auth_tapper declares stage "authenticate"');
  });
});
