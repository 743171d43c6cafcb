export * from './constants.js';
export * from './guest.js';
export * from './manage.js';
export * from './schemas.js';
