/**
 * ObjectSlot keeps a value on a short-lived object for as long as it lives. Why it exists: a
 * module-level WeakMap keyed by such objects keeps every value alive through V8's young-generation
 * collections, so each request's value is promoted to the old generation; the last case counts
 * what those collections promote in a child process, for the slot and for a WeakMap.
 */
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { ObjectSlot } from '../../../../core/runtime/object-slot.js';
import { promotedBytes } from '../../../fixtures/promoted-bytes.js';

const objectSlot = fileURLToPath(new URL('../../../../core/runtime/object-slot.ts', import.meta.url));

/**
 * Bytes promoted while 20,000 short-lived requests each get a value kept `by` the slot or a
 * WeakMap: the lower case of its 4 KB text, as a segment's folding is kept.
 */
const promotedKeeping = (by: 'slot' | 'weakmap') =>
  promotedBytes(`
    const { ObjectSlot } = await import(${JSON.stringify(objectSlot)});
    const slot = new ObjectSlot('test');
    const map = new WeakMap();
    for (let i = 0; i < 20000; i++) {
      const request = { text: Buffer.alloc(4000, 65 + (i % 26)).toString('latin1') };
      const value = { folded: request.text.toLowerCase() };
      if (${JSON.stringify(by)} === 'slot') slot.set(request, value); else map.set(request, value);
    }
  `);

describe('core/runtime: ObjectSlot', () => {
  it('keeps one value per object and none on others', () => {
    const slot = new ObjectSlot<string>('test');
    const a = {};
    const b = {};
    slot.set(a, 'first');
    expect(slot.get(a)).to.equal('first');
    expect(slot.get(b)).to.equal(undefined);
    slot.set(a, 'second');
    expect(slot.get(a)).to.equal('second');
    expect(new ObjectSlot<string>('test').get(a), 'another slot of the same name').to.equal(undefined);
  });

  it('leaves no trace in what the object shows: its keys, JSON or a spread copy', () => {
    const slot = new ObjectSlot<string>('test');
    const segment = { id: 1, text: 'hello' };
    slot.set(segment, 'kept');
    expect(Object.keys(segment)).to.deep.equal(['id', 'text']);
    expect(JSON.stringify(segment)).to.equal('{"id":1,"text":"hello"}');
    expect(slot.get({ ...segment })).to.equal(undefined);
  });

  it('keeps values on frozen and sealed objects too', () => {
    const slot = new ObjectSlot<string>('test');
    const frozen = Object.freeze({ text: 'a' });
    const sealed = Object.seal({ text: 'b' });
    slot.set(frozen, 'on frozen');
    slot.set(sealed, 'on sealed');
    expect(slot.get(frozen)).to.equal('on frozen');
    expect(slot.get(sealed)).to.equal('on sealed');
    slot.set(frozen, 'again');
    expect(slot.get(frozen)).to.equal('again');
    const frozenLater = { text: 'c' };
    slot.set(frozenLater, 'before freezing');
    Object.freeze(frozenLater);
    expect(slot.get(frozenLater)).to.equal('before freezing');
    slot.set(frozenLater, 'after freezing');
    expect(slot.get(frozenLater)).to.equal('after freezing');
  });

  it('does not read a value through the prototype chain', () => {
    const slot = new ObjectSlot<string>('test');
    const parent = {};
    slot.set(parent, 'parent');
    const child = Object.create(parent) as object;
    expect(slot.get(child)).to.equal(undefined);
    slot.set(child, 'child');
    expect(slot.get(child)).to.equal('child');
    expect(slot.get(parent)).to.equal('parent');
  });

  it('lets a value die with its object in a young-generation collection, where a WeakMap promotes it', function () {
    this.timeout(30_000);
    const bySlot = promotedKeeping('slot');
    const byWeakMap = promotedKeeping('weakmap');
    // 20,000 values of 4 KB: a WeakMap promotes about half of their 80 MB (43 MB measured), the slot next to nothing.
    expect(byWeakMap, 'the WeakMap promotes the values (what the slot avoids)').to.be.above(20 * 1024 * 1024);
    expect(bySlot).to.be.below(4 * 1024 * 1024);
  });
});
