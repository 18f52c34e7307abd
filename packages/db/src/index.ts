export * from './connect';
export * from './executor';
export * from './repositories/catalog';
export * from './repositories/ledger';
export * from './repositories/sessions';
export * from './repositories/users';
export * from './schema';
export * from './seed';
