import { createRequire } from 'node:module';
import { freemem, platform, release, totalmem } from 'node:os';
import type { TServerEnvironment } from '@shop/domain';
import { environmentVariableNames } from '../env';

/** mysql2 is an external dependency (not bundled), so its own package.json says which version runs. */
function mysqlClientVersion(): string {
  try {
    const pkg = createRequire(import.meta.url)('mysql2/package.json') as { version?: unknown };
    return typeof pkg.version === 'string' ? pkg.version : 'unknown';
  } catch {
    return 'unknown';
  }
}

/** The server's side of the diagnostics; environment variables by name only. */
export function serverEnvironment(): TServerEnvironment {
  return {
    nodeVersion: process.version,
    mysqlClientVersion: mysqlClientVersion(),
    platform: platform(),
    release: release(),
    memory: { free: freemem(), total: totalmem() },
    environmentVariables: environmentVariableNames(),
  };
}
