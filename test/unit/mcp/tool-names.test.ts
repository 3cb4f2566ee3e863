import { expect } from 'chai';
import { MERGED_TOOL_NAME, mergedToolName, splitMergedName, toolNameConflicts } from '../../../core/mcp/tool-names.js';

describe('MCP merged tool names', () => {
  it('prefixes the registry slug and keeps names clients accept', () => {
    expect(mergedToolName('github', 'search_issues')).to.equal('github__search_issues');
    expect(mergedToolName('docs', 'files.read')).to.equal('docs__files_read');
    expect(MERGED_TOOL_NAME.test(mergedToolName('docs', 'files.read/v2 beta'))).to.equal(true);
  });

  it('splits at the first separator, so tools with `__` in their name come back whole', () => {
    expect(splitMergedName('github__get__issue')).to.deep.equal({ registrySlug: 'github', local: 'get__issue' });
    expect(splitMergedName('noseparator')).to.equal(undefined);
    expect(splitMergedName('__lead')).to.equal(undefined);
  });

  it('finds two tools that read alike and names both, and a name over 64 characters', () => {
    const conflicts = toolNameConflicts('docs', ['files.read', 'files_read', 'x'.repeat(60), 'ok']);
    expect(conflicts).to.deep.include({ kind: 'collision', tools: ['files.read', 'files_read'], mergedName: 'docs__files_read' });
    expect(conflicts.find((c) => c.kind === 'invalid')?.tools).to.deep.equal(['x'.repeat(60)]);
    expect(conflicts).to.have.length(2);
  });

  it('lets an alias resolve a conflict', () => {
    expect(toolNameConflicts('docs', ['files.read', 'files_read'], { 'files.read': 'read_file' })).to.deep.equal([]);
  });
});
