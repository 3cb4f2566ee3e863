import { expect } from 'chai';
import { compileChain, strictestStreamPolicy, type ChainMember } from '../../../../core/pipeline/chain.js';
import type { Exchange } from '../../../../core/pipeline/exchange.js';
import { Rejection } from '../../../../core/pipeline/rejection.js';
import { STAGE } from '../../../../core/pipeline/stages.js';
import { recordTaps } from '../../../../core/plugin/tap-recorder.js';
import { logger } from '../../../../core/logging/logger.js';
import { GatewayError } from '../../../../core/errors/gateway-error.js';
import type { PluginHooks } from '../../../../core/plugin/types.js';

const ctx = {} as Exchange;

function member(plugin: string, priority: number, setup: (hooks: PluginHooks) => void, options: Partial<ChainMember> = {}): ChainMember {
  const { hooks, taps } = recordTaps(plugin, ['admit', 'settle', 'transformInput', 'checkInput', 'route', 'checkStream']);
  setup(hooks);
  return { plugin, policyId: `${plugin}-id`, priority, parallel: false, failureMode: 'closed', taps, ...options };
}

describe('core/pipeline/chain', () => {
  it('orders taps by stage, then by policy priority (higher first)', async () => {
    const order: string[] = [];
    const tapAt = (name: string, stage: number) => (hooks: PluginHooks) =>
      hooks.admit.tapPromise({ name, stage }, async () => {
        order.push(name);
        return undefined;
      });
    const hooks = compileChain(
      [
        member('budget', 50, tapAt('budget', STAGE.BUDGET)),
        member('rate_low', 10, tapAt('rate_low', STAGE.RATE)),
        member('rate_high', 90, tapAt('rate_high', STAGE.RATE)),
        member('size', 1, tapAt('size', STAGE.SIZE)),
      ],
      logger,
    );
    await hooks.admit.promise(ctx);
    expect(order).to.deep.equal(['size', 'rate_high', 'rate_low', 'budget']);
  });

  it('stops admit at the first Rejection, returned not thrown', async () => {
    const ran: string[] = [];
    const hooks = compileChain(
      [
        member('size', 0, (h) => h.admit.tapPromise({ name: 'size', stage: STAGE.SIZE }, async () => new Rejection('payload_too_large'))),
        member('rate', 0, (h) =>
          h.admit.tapPromise({ name: 'rate', stage: STAGE.RATE }, async () => {
            ran.push('rate');
            return undefined;
          }),
        ),
      ],
      logger,
    );
    const result = await hooks.admit.promise(ctx);
    expect(result).to.be.instanceOf(Rejection);
    expect(result!.error.status).to.equal(413);
    expect(ran).to.deep.equal([]);
  });

  it('a closed plugin that throws rejects with 503 plugin_failed; an open one is skipped', async () => {
    const boom = (h: PluginHooks, name: string) =>
      h.admit.tapPromise({ name }, async () => {
        throw new Error('backend down');
      });
    const closed = compileChain([member('closed_gate', 0, (h) => boom(h, 'closed_gate'))], logger);
    const rejection = await closed.admit.promise(ctx);
    expect(rejection!.error.code).to.equal('plugin_failed');
    expect(rejection!.error.status).to.equal(503);

    const open = compileChain([member('open_gate', 0, (h) => boom(h, 'open_gate'), { failureMode: 'open' })], logger);
    expect(await open.admit.promise(ctx)).to.equal(undefined);
  });

  it('turns non-Error failures and non-Rejection gate answers into plugin_invalid_rejection', async () => {
    const falsy = compileChain(
      [member('falsy', 0, (h) => h.admit.tapPromise({ name: 'falsy' }, () => Promise.reject(0)))],
      logger,
    );
    expect((await falsy.admit.promise(ctx))!.error.code).to.equal('plugin_invalid_rejection');
    const wrong = compileChain([member('wrong', 0, (h) => h.admit.tapPromise({ name: 'wrong' }, async () => 'no'))], logger);
    expect((await wrong.admit.promise(ctx))!.error.code).to.equal('plugin_invalid_rejection');
  });

  it('runs parallel policies of one stage concurrently and keeps the highest-priority answer', async () => {
    let inFlight = 0;
    let maxInFlight = 0;
    const slow = (name: string, answer?: Rejection) => (h: PluginHooks) =>
      h.admit.tapPromise({ name, stage: STAGE.RATE }, async () => {
        inFlight++;
        maxInFlight = Math.max(maxInFlight, inFlight);
        await new Promise((r) => setTimeout(r, 10));
        inFlight--;
        return answer;
      });
    const hooks = compileChain(
      [
        member('a', 1, slow('a', new Rejection('rate_limited', { message: 'low' })), { parallel: true }),
        member('b', 9, slow('b', new Rejection('budget_exceeded', { message: 'high' })), { parallel: true }),
        member('c', 5, slow('c'), { parallel: true }),
      ],
      logger,
    );
    const result = await hooks.admit.promise(ctx);
    expect(maxInFlight).to.equal(3);
    expect(result!.error.code).to.equal('budget_exceeded');
  });

  it('composes transformInput taps in order (waterfall)', async () => {
    const hooks = compileChain(
      [
        member('first', 9, (h) => h.transformInput.tapPromise({ name: 'first' }, (async (r: { model: string }) => ({ ...r, model: r.model + '-a' })) as never)),
        member('second', 1, (h) => h.transformInput.tapPromise({ name: 'second' }, (async (r: { model: string }) => ({ ...r, model: r.model + '-b' })) as never)),
      ],
      logger,
    );
    const out = await hooks.transformInput.promise({ model: 'm', messages: [], sampling: {}, stream: false }, ctx);
    expect(out.model).to.equal('m-a-b');
  });
});

describe('core/pipeline/chain: typed errors', () => {
  it('lets a deliberate GatewayError through unchanged, whatever the failure mode', async () => {
    const hooks = compileChain(
      [
        member('router', 0, (h) =>
          h.route.tapPromise({ name: 'router' }, async () => {
            throw new GatewayError('model_not_allowed', { message: 'gpt-x is not allowed' });
          }),
        ),
      ],
      logger,
    );
    const err = await hooks.route.promise({ model: 'gpt-x', messages: [], sampling: {}, stream: false }, ctx).catch((e: unknown) => e);
    expect(err).to.be.instanceOf(GatewayError);
    expect((err as GatewayError).code).to.equal('model_not_allowed');
  });
});

describe('core/pipeline/chain: streams', () => {
  describe('checkStream', () => {
    const window = { text: () => 'so far', result: () => ({ id: 'r', model: 'm', created: 0, content: [], finish_reason: 'stop' as const }), finished: false };
    const throwing = (name: string) => (h: PluginHooks) =>
      h.checkStream.tapPromise({ name }, async () => {
        throw new Error('detector down');
      });

    it('runs taps by stage, then priority, and stops at the first reason', async () => {
      const seen: string[] = [];
      const tap = (name: string, stage: number, reason?: string) => (h: PluginHooks) =>
        h.checkStream.tapPromise({ name, stage }, async () => {
          seen.push(name);
          return reason;
        });
      const hooks = compileChain(
        [member('late', 90, tap('late', STAGE.LAST)), member('low', 1, tap('low', STAGE.GUARDRAIL, 'stop here')), member('high', 50, tap('high', STAGE.GUARDRAIL))],
        logger,
      );
      expect(await hooks.checkStream.promise(window, ctx)).to.equal('stop here');
      expect(seen).to.deep.equal(['high', 'low']);
    });

    it('a tap failing closed throws 503 plugin_failed; one failing open is logged and has no opinion', async () => {
      const closed = compileChain([member('closed_stream', 0, throwing('closed_stream'))], logger);
      const err = await closed.checkStream.promise(window, ctx).catch((e: unknown) => e);
      expect(err).to.be.instanceOf(GatewayError);
      expect((err as GatewayError).code).to.equal('plugin_failed');

      const warnings: unknown[] = [];
      const spy = { warn: (...args: unknown[]) => void warnings.push(args), error: () => undefined } as unknown as typeof logger;
      const open = compileChain([member('open_stream', 0, throwing('open_stream'), { failureMode: 'open' })], spy);
      expect(await open.checkStream.promise(window, ctx)).to.equal(undefined);
      expect(JSON.stringify(warnings)).to.contain('open_stream').and.to.contain('checkStream');
    });

    it('refuses a verdict that is not a reason string (plugin_invalid_rejection)', async () => {
      const odd = compileChain([member('odd', 0, (h) => h.checkStream.tapPromise({ name: 'odd' }, async () => ({ stop: true })))], logger);
      const err = await odd.checkStream.promise(window, ctx).catch((e: unknown) => e);
      expect((err as GatewayError).code).to.equal('plugin_invalid_rejection');
    });
  });

  it('the strictest stream policy of a chain wins: buffer, then window, then passthrough', () => {
    const with_ = (...policies: Array<ChainMember['streamPolicy']>) => policies.map((streamPolicy, i) => member(`p${i}`, 0, () => undefined, { streamPolicy }));
    expect(strictestStreamPolicy(with_())).to.equal('passthrough');
    expect(strictestStreamPolicy(with_(undefined, 'passthrough'))).to.equal('passthrough');
    expect(strictestStreamPolicy(with_('passthrough', 'window'))).to.equal('window');
    expect(strictestStreamPolicy(with_('window', 'buffer', 'passthrough'))).to.equal('buffer');
  });
});
