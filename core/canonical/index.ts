export * from './content.js';
export * from './request.js';
export * from './response.js';
export * from './wire-format.js';
export * from './stream-assembly.js';
