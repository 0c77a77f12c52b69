export * from './errors.js';
export * from './common.js';
export * from './auth.js';
export * from './user.js';
export * from './rooms.js';
export * from './assets.js';
export * from './economy.js';
export * from './wallet-messages.js';
