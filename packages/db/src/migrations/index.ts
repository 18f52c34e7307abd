import type { Migration, MigrationProvider } from 'kysely';
import * as foundation from './2026_11_22_0001_foundation';

/**
 * Migrations are listed in code rather than read from a folder, so the bundled server and the tests
 * run exactly the same set. Add new ones at the end with a later timestamp.
 */
const migrations: Record<string, Migration> = {
  '2026_11_22_0001_foundation': foundation,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
