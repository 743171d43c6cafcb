export * from './schemas.js';
export * from './statistics.js';
