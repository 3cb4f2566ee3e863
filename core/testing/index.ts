/** The test harness exported to plugin authors (`portcullis/testing`). */
export { createTestGateway, type TestGateway, type TestGatewayOptions } from './test-gateway.js';
export { Seeder } from './seed.js';
export { fakeKit } from './fake-kit.js';
