/**
 * The core's error classes are recognised by `instanceof` across two copies of their modules,
 * as happens when a test runner loads the core through require() and the plugin host loads
 * adapters through import().
 */
import { pathToFileURL } from 'node:url';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { FormatError, UnsupportedFeatureError } from '../../../../core/canonical/index.js';
import { GatewayError } from '../../../../core/errors/gateway-error.js';
import { Rejection } from '../../../../core/pipeline/rejection.js';

/** A second, separate instance of a core module. */
async function copyOf<T>(relative: string): Promise<T> {
  const file = fileURLToPath(new URL(`../../../../core/${relative}`, import.meta.url));
  return (await import(`${pathToFileURL(file).href}?copy=${Math.random()}`)) as T;
}

describe('core/errors/brand: instanceof across module copies', () => {
  it('recognises FormatError and UnsupportedFeatureError from another copy, both ways', async () => {
    const copy = await copyOf<typeof import('../../../../core/canonical/wire-format.js')>('canonical/wire-format.ts');
    expect(copy.FormatError).to.not.equal(FormatError);
    expect(new copy.FormatError('bad', 'model')).to.be.instanceOf(FormatError);
    expect(new FormatError('bad')).to.be.instanceOf(copy.FormatError);
    expect(new copy.UnsupportedFeatureError('seed', 'anthropic-messages', 'no seed')).to.be.instanceOf(UnsupportedFeatureError);
    expect(new copy.UnsupportedFeatureError('seed', 'anthropic-messages', 'no seed')).to.not.be.instanceOf(FormatError);
    expect(new Error('plain')).to.not.be.instanceOf(FormatError);
    expect(undefined).to.not.be.instanceOf(FormatError);
    expect({ name: 'FormatError' }).to.not.be.instanceOf(FormatError);
  });

  it('recognises GatewayError and Rejection from another copy', async () => {
    const errors = await copyOf<typeof import('../../../../core/errors/gateway-error.js')>('errors/gateway-error.ts');
    const rejections = await copyOf<typeof import('../../../../core/pipeline/rejection.js')>('pipeline/rejection.ts');
    expect(new errors.GatewayError('model_not_allowed')).to.be.instanceOf(GatewayError);
    expect(new rejections.Rejection('rate_limited')).to.be.instanceOf(Rejection);
    expect(new GatewayError('forbidden')).to.not.be.instanceOf(Rejection);
  });

  it('keeps the ordinary check for subclasses, and the brand out of bodies', () => {
    class Narrower extends FormatError {}
    expect(new Narrower('x')).to.be.instanceOf(FormatError);
    expect(new FormatError('x')).to.not.be.instanceOf(Narrower);
    const error = new GatewayError('forbidden', { message: 'no' });
    expect(Object.keys(error)).to.not.include('brand');
    expect(JSON.stringify({ ...new FormatError('x', 'p') })).to.equal('{"param":"p","name":"FormatError"}');
  });
});
