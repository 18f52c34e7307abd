import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './env';

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  // The bundled server sits at apps/api/dist; the built web app at apps/web/dist.
  const here = dirname(fileURLToPath(import.meta.url));
  const webDistDir = config.webDistDir ?? resolve(here, '../../web/dist');
  const { app } = await buildApp({ ...config, webDistDir });
  const shutdown = async () => {
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  console.error('Start-up failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});
