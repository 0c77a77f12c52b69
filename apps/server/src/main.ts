// The server process: reads the configuration, builds the app, listens, and shuts down gracefully.
import { buildApp } from './app.js';
import { loadConfig } from './config.js';

const loaded = loadConfig(process.env);
if (!loaded.ok) {
  console.error(loaded.message);
  process.exit(1);
}
const { config } = loaded;
const built = await buildApp(config).catch((error: unknown) => {
  const where = config.databaseUrl ? 'the PostgreSQL at DATABASE_URL' : `PGlite in ${config.pgliteDir}`;
  const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : '';
  console.error(`Start-up failed (database: ${where}): ${error instanceof Error ? error.message : String(error)}${cause}`);
  process.exit(1);
});
const { app, seed } = built;

if (seed.firstAdmin?.generatedPassword) {
  // Printed once, on the start that created the admin; it is stored only as an argon2id hash.
  console.log(
    `\nFirst admin created: username "${seed.firstAdmin.username}", password "${seed.firstAdmin.generatedPassword}"\n` +
      'Set ADMIN_USERNAME/ADMIN_PASSWORD before the first start to choose them.\n',
  );
}

let isStopping = false;
async function stop(signal: string): Promise<void> {
  if (isStopping) return;
  isStopping = true;
  app.log.info({ signal }, 'shutting down: no new connections, finishing requests');
  // A hung request must not keep the process alive forever.
  const deadline = setTimeout(() => process.exit(1), 15_000);
  deadline.unref();
  try {
    await built.close();
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));

await app.listen({ host: config.host, port: config.port });
app.log.info({ database: config.databaseUrl ? 'postgresql' : `pglite at ${config.pgliteDir}`, web: config.webDist }, 'durak server ready');
// The sandbox credits any deposit at once: right for a demo or a test, a giveaway in production.
if (config.economy.paymentsSandbox)
  app.log.warn('PAYMENTS_SANDBOX is on: deposits are credited without payment; set PAYMENTS_SANDBOX=false in production');
