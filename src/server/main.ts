import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { DataDirLockedError, openDb } from './db/client';
import { OffsetClock } from './context';

/** After SIGTERM or SIGINT: connections still open are closed after this long, and the process exits by the next. */
const SHUTDOWN_CUT_MS = 6_500;
const SHUTDOWN_EXIT_MS = 9_000;

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
  // Graceful shutdown: no new connections; requests and jobs in progress finish, then the database closes. Whatever
  // is still running after SHUTDOWN_CUT_MS has its connections cut, and the process exits by SHUTDOWN_EXIT_MS at the
  // latest (within the 10 s an orchestrator usually waits before SIGKILL).
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, shutting down`);
    const cut = setTimeout(() => {
      app.log.warn(`requests still open ${SHUTDOWN_CUT_MS / 1000} s after ${signal}: closing their connections`);
      app.server.closeAllConnections();
    }, SHUTDOWN_CUT_MS);
    const exit = setTimeout(() => {
      app.log.error(`still shutting down ${SHUTDOWN_EXIT_MS / 1000} s after ${signal}: exiting now`);
      process.exit(1);
    }, SHUTDOWN_EXIT_MS);
    cut.unref();
    exit.unref();
    try {
      await app.close();
    } catch (err) {
      app.log.error(err, 'shutdown failed');
      process.exit(1);
    }
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
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
