export * from './money.js';
export * from './schemas.js';
