export * from './constants.js';
export * from './guest.js';
export * from './guest-form.js';
export * from './manage.js';
export * from './refunds.js';
export * from './schemas.js';
