import type { Migration, MigrationProvider } from 'kysely';
import * as foundation from './2026_11_22_0001_foundation';
import * as payments from './2026_11_22_0002_payments';

/**
 * Migrations are listed in code rather than read from a folder, so the bundled server and the tests
 * run exactly the same set. Add new ones at the end with a later timestamp.
 */
const migrations: Record<string, Migration> = {
  '2026_11_22_0001_foundation': foundation,
  '2026_11_22_0002_payments': payments,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
