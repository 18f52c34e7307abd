import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema';

/** What every repository takes first: the database or an open transaction, chosen by the caller. */
export type Executor = Kysely<Database> | Transaction<Database>;
