import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema';

/** What every repository takes first: the database or an open transaction, chosen by the caller. */
export type Executor = Kysely<Database> | Transaction<Database>;

export const toBool = (value: number): boolean => value === 1;
export const fromBool = (value: boolean): number => (value ? 1 : 0);
