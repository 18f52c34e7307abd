export * from './auth-schemas';
export * from './coins';
export * from './errors';
export * from './format';
export * from './ledger';
export * from './user';
export * from './validation';
