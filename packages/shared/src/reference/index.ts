export * from './helpers.js';
export * from './lists.js';
export * from './theme.js';
