export * from './config.js';
export * from './errors.js';
export * from './pagination.js';
