export * from './needs.js';
export * from './schemas.js';
