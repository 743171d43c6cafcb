export * from './date-messages.js';
export * from './dates.js';
