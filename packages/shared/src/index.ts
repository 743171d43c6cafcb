export * from './accounts/index.js';
export * from './common/index.js';
export * from './dates/index.js';
export * from './money/index.js';
export * from './reference/index.js';
export * from './validation/index.js';
export * from './wallet/index.js';
