export * from './constants.js';
export * from './images.js';
export * from './schemas.js';
export * from './session.js';
