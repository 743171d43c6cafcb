export * from './config.js';
export * from './errors.js';
export * from './field-messages.js';
export * from './limits.js';
export * from './messages.js';
export * from './pagination.js';
