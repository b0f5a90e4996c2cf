import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { DataDirLockedError, openDb } from './db/client';
import { OffsetClock } from './plugins/clock';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const handle = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const app = await buildApp({
    config,
    db: handle.db,
    dbEngine: handle.engine,
    changes: handle.changes,
    clock: config.testClock ? new OffsetClock() : undefined,
    logger: { level: config.logLevel },
  });
  app.addHook('onClose', async () => handle.close());
  const shutdown = async (signal: string) => {
    app.log.info(`${signal} received, shutting down`);
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `Big 7 is running at ${config.appUrl} (database: ${handle.engine === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL'})`,
  );
}

main().catch((err) => {
  // A data directory held by another server is an operator's mistake: the message says what to do.
  console.error(err instanceof DataDirLockedError ? err.message : err);
  process.exit(1);
});
