export * from './errors.js';
export * from './pagination.js';
