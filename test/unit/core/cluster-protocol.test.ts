import { expect } from 'chai';
import { incompatibility, SYNC_PROTOCOL_VERSION } from '../../../core/cluster/protocol.js';

describe('core/cluster/protocol: which data planes a control plane serves', () => {
  it('serves the same major (the same minor while 0.x)', () => {
    expect(incompatibility('1.4.2', SYNC_PROTOCOL_VERSION, '1.0.0')).to.equal(undefined);
    expect(incompatibility('0.1.9', SYNC_PROTOCOL_VERSION, '0.1.0')).to.equal(undefined);
  });

  it('refuses another major, another 0.x minor, another protocol, or a non-semver version, saying why', () => {
    expect(incompatibility('2.0.0', SYNC_PROTOCOL_VERSION, '1.3.0')).to.match(/major versions must match/);
    expect(incompatibility('0.2.0', SYNC_PROTOCOL_VERSION, '0.1.0')).to.match(/minor versions must match/);
    expect(incompatibility('1.0.0', SYNC_PROTOCOL_VERSION + 1, '1.0.0')).to.match(/protocol/);
    expect(incompatibility('latest', SYNC_PROTOCOL_VERSION, '1.0.0')).to.match(/not a semver/);
  });
});
