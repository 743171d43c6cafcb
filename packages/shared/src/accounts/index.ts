export * from './schemas.js';
export * from './session.js';
