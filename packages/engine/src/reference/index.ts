export { applyAction } from './apply.js';
export { awaited } from './timeout.js';
export { createGame } from './create-game.js';
export { legalActions } from './legal.js';
export { viewFor } from './view.js';
