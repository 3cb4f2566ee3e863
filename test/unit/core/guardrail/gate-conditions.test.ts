import { expect } from 'chai';
import { compileCondition, ConditionError } from '../../../../core/guardrail/evaluation/gate-conditions.js';
import { fieldValues, type GateContext } from '../../../../core/guardrail/evaluation/gate-fields.js';

describe('core/guardrail/evaluation gate conditions and fields', () => {
  const test = (op: string, value: unknown, values: string[] | undefined) => compileCondition({ field: 'f', op: op as never, value }).test(values);

  it('eq / neq compare scalars as strings; a multi-valued field holds eq when any value does', () => {
    expect(test('eq', 'a', ['a'])).to.equal(true);
    expect(test('eq', 3, ['3'])).to.equal(true);
    expect(test('eq', 'a', ['b', 'a'])).to.equal(true);
    expect(test('eq', 'a', undefined)).to.equal(false);
    expect(test('neq', 'a', ['b'])).to.equal(true);
    expect(test('neq', 'a', ['b', 'a'])).to.equal(false);
    expect(test('neq', 'a', undefined)).to.equal(true);
  });

  it('in / not_in test membership', () => {
    expect(test('in', ['x', 'y'], ['y'])).to.equal(true);
    expect(test('in', ['x'], ['z'])).to.equal(false);
    expect(test('not_in', ['x'], ['z'])).to.equal(true);
    expect(test('not_in', ['x'], ['z', 'x'])).to.equal(false);
    expect(test('not_in', ['x'], undefined)).to.equal(true);
  });

  it('matches tests a regular expression; exists tests presence', () => {
    expect(test('matches', '^gpt-4', ['gpt-4o'])).to.equal(true);
    expect(test('matches', '^gpt-4', ['claude'])).to.equal(false);
    expect(test('exists', undefined, ['x'])).to.equal(true);
    expect(test('exists', true, undefined)).to.equal(false);
    expect(test('exists', false, undefined)).to.equal(true);
  });

  it('matches runs in linear time on text callers choose, and refuses look-around it cannot run so', () => {
    expect(test('matches', '(a+)+$', [`${'a'.repeat(100_000)}!`])).to.equal(false);
    expect(() => test('matches', '(?<=sudo )rm', ['sudo rm'])).to.throw(ConditionError, /linear time/).with.property('pointer', '/value');
  });

  it('refuses values that do not suit the op, naming /value', () => {
    for (const [op, value] of [['eq', ['a']], ['in', 'a'], ['in', []], ['matches', '(['], ['matches', 3], ['exists', 'yes']] as const) {
      expect(() => compileCondition({ field: 'f', op, value }), `${op} ${JSON.stringify(value)}`).to.throw(ConditionError).with.property('pointer', '/value');
    }
  });

  const ctx: GateContext = {
    protocol: 'llm',
    direction: 'input',
    consumerId: 'c-1',
    collectorType: 'langchain',
    payloadModel: 'gpt-4o',
    attributes: {
      'model.provider': 'openai',
      'tool.name': 'mcp__github__create_issue',
      consumer: { tags: ['a', 'b'] },
      team: { name: 'blue' },
      'odd.key': 'dotted',
      count: 3,
      meta: { nested: true },
    },
  };

  it('resolves named fields from the body, collector, payload and attributes', () => {
    expect(fieldValues(ctx, 'protocol')).to.deep.equal(['llm']);
    expect(fieldValues(ctx, 'direction')).to.deep.equal(['input']);
    expect(fieldValues(ctx, 'consumer.id')).to.deep.equal(['c-1']);
    expect(fieldValues(ctx, 'collector.type')).to.deep.equal(['langchain']);
    expect(fieldValues(ctx, 'model.name')).to.deep.equal(['gpt-4o']);
    expect(fieldValues(ctx, 'model.provider')).to.deep.equal(['openai']);
    expect(fieldValues(ctx, 'consumer.tag')).to.deep.equal(['a', 'b']);
  });

  it('reads mcp__<server>__<tool> as the tool name', () => {
    expect(fieldValues(ctx, 'tool.name')).to.deep.equal(['create_issue']);
  });

  it('resolves any attribute key, dotted or nested, with or without the attributes. prefix', () => {
    expect(fieldValues(ctx, 'team.name')).to.deep.equal(['blue']);
    expect(fieldValues(ctx, 'attributes.team.name')).to.deep.equal(['blue']);
    expect(fieldValues(ctx, 'odd.key')).to.deep.equal(['dotted']);
    expect(fieldValues(ctx, 'count')).to.deep.equal(['3']);
    expect(fieldValues(ctx, 'missing')).to.equal(undefined);
    const object = fieldValues(ctx, 'meta');
    expect(compileCondition({ field: 'meta', op: 'exists' }).test(object)).to.equal(true);
    expect(compileCondition({ field: 'meta', op: 'eq', value: '[object Object]' }).test(object)).to.equal(false);
  });
});
