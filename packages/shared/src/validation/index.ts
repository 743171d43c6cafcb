export * from './card.js';
export * from './key-filters.js';
export * from './nino.js';
export * from './validators.js';
