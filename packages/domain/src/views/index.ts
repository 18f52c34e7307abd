// Stored rows to the API's shapes, with the rules that decide what a reply shows: masked secrets,
// overlay URLs, delivery states, cooldowns. The repositories return rows; these are pure.
export * from './action-view';
export * from './catalog-view';
export * from './endpoint-view';
export * from './feed-view';
export * from './history-view';
export type { StoredCount, StoredFlag } from './stored';
export * from './transaction-view';
export * from './user-view';
