import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import { GATEWAY_V8_OPTIONS, missingV8Options } from '../../../../core/runtime/v8-options.js';

const read = (path: string) => readFileSync(new URL(`../../../../${path}`, import.meta.url), 'utf8');

describe('core/runtime: the gateway V8 options', () => {
  it('are passed by `npm start` and by every command of the deployment guide', () => {
    const start = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts.start;
    expect(missingV8Options(start.split(' ')), start).to.deep.equal([]);
    const commands = read('docs/deployment.md')
      .split('\n')
      .filter((line) => /\bnode\b.*dist\/core\/cli\/main\.js"?,? "?start\b/.test(line));
    expect(commands).to.not.be.empty;
    for (const command of commands) expect(missingV8Options(command.match(/--[\w-]+(?:=\w+)?/g) ?? []), command).to.deep.equal([]);
  });

  it('names the options a process was started without', () => {
    expect(missingV8Options([])).to.deep.equal([...GATEWAY_V8_OPTIONS]);
    expect(missingV8Options(['--import', 'tsx', '--min-semi-space-size=16'])).to.deep.equal(['--no-memory-reducer']);
    expect(missingV8Options([...GATEWAY_V8_OPTIONS])).to.deep.equal([]);
  });

  it('takes an option given with another value or spelling as the operator\'s choice', () => {
    expect(missingV8Options(['--min_semi_space_size=32', '--memory-reducer'])).to.deep.equal([]);
    expect(missingV8Options(['--max-semi-space-size=16', '--no-memory-reducer'])).to.deep.equal(['--min-semi-space-size=16']);
  });
});
