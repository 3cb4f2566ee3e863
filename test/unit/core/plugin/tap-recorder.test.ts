import { expect } from 'chai';
import { HOOKS, HOOK_ORDER } from '../../../../core/pipeline/hooks.js';
import { recordTaps, TapRefusedError } from '../../../../core/plugin/tap-recorder.js';

describe('core/plugin/tap-recorder', () => {
  it('refuses a tap on a stage the plugin did not declare', () => {
    const { hooks } = recordTaps('rate_limiter', ['admit']);
    expect(() => hooks.checkInput.tapPromise({ name: 'rate_limiter' }, async () => undefined)).to.throw(TapRefusedError, /did not declare/);
  });

  it('refuses unknown hooks, foreign names, async taps on sync hooks and keyed hooks without a key', () => {
    const { hooks } = recordTaps('tagger', ['admit', 'cacheKey', 'adaptRequest']);
    expect(() => (hooks as unknown as Record<string, unknown>).nonsense).to.throw(TapRefusedError, /unknown hook/);
    expect(() => hooks.admit.tapPromise({ name: 'someone_else' }, async () => undefined)).to.throw(TapRefusedError, /name/);
    expect(() => hooks.cacheKey.tapPromise({ name: 'tagger' }, async () => undefined)).to.throw(TapRefusedError, /synchronous/);
    expect(() => hooks.adaptRequest.tapPromise({ name: 'tagger' }, async () => undefined)).to.throw(TapRefusedError, /key/);
  });

  it('refuses a declared stage that is not a pipeline hook', () => {
    expect(() => recordTaps('odd', ['admit', 'teleport' as never])).to.throw(TapRefusedError, /unknown stage/);
  });

  it('records accepted taps with their stage', () => {
    const { hooks, taps } = recordTaps('tagger', ['admit']);
    hooks.admit.tapPromise({ name: 'tagger', stage: 250 }, async () => undefined);
    expect(taps).to.have.length(1);
    expect(taps[0]).to.include({ hook: 'admit', stage: 250, sync: false });
  });

  it('reads each hook\'s traits from the one hook table: sync hooks refuse tapPromise, keyed ones need a key', () => {
    const open = HOOK_ORDER.filter((hook) => !HOOKS[hook].coreOnly);
    const { hooks } = recordTaps('every', open);
    for (const hook of open) {
      const { sync, keyed } = HOOKS[hook];
      const target = hooks[hook];
      const key = keyed ? undefined : 'unused';
      if (sync) expect(() => target.tapPromise({ name: 'every', key }, async () => undefined), hook).to.throw(TapRefusedError, /synchronous/);
      if (keyed) expect(() => target.tap({ name: 'every' }, () => undefined), hook).to.throw(TapRefusedError, /key/);
      if (!sync && !keyed) expect(() => target.tapPromise({ name: 'every' }, async () => undefined), hook).to.not.throw();
    }
  });
});
