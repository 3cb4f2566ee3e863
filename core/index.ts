/**
 * The root face of Portcullis (`portcullis`): start the gateway from a program, with the same
 * settings the `portcullis start` command resolves from its flags and environment variables.
 *
 * ```ts
 * import { resolveSettings, startPortcullis } from 'portcullis';
 * const gateway = await startPortcullis(resolveSettings({ planes: 'admin,proxy' }));
 * // ... gateway.urls.proxy; then
 * await gateway.close();
 * ```
 *
 * Plugin authors import `portcullis/plugin`; tests import `portcullis/testing`.
 */
export { startPortcullis, type Portcullis, type StartOptions } from './bootstrap/start.js';
export { resolveSettings, SettingsInputError, ALL_PLANES, FLAG_ENV, type Plane, type Settings } from './config/settings.js';
export { BUILD_INFO } from './version/build-info.js';
