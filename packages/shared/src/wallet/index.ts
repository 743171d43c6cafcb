export * from './amount-check.js';
export * from './constants.js';
export * from './schemas.js';
