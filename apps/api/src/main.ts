import { createApp } from './app';
import { loadConfig } from './config';

const config = loadConfig();
const app = await createApp(config);

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  app.server.log.info({ signal }, 'shutting down');
  const force = setTimeout(() => process.exit(1), 15_000);
  force.unref();
  try {
    await app.close();
    process.exit(0);
  } catch (err) {
    app.server.log.error({ err }, 'shutdown failed');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.server.listen({ port: config.port, host: config.host });
app.server.log.info(
  { url: config.publicUrl, database: app.db.kind, dataDir: config.databaseUrl ? undefined : config.dataDir },
  'T0 Terminal is serving',
);
