import { createApp } from './app';
import { loadConfig } from './config';

const config = loadConfig();
const app = await createApp(config);

/**
 * SIGTERM/SIGINT: stop accepting, close idle keep-alive connections, let the requests in flight
 * answer (with `Connection: close`, up to 8 s), end live streams, stop the job queue and the
 * database pool, exit 0; a shutdown that takes 10 s exits 1.
 */
let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  app.server.log.info({ signal }, 'shutting down');
  const force = setTimeout(() => {
    app.server.log.error('shutdown took 10 s; stopping now');
    process.exit(1);
  }, 10_000);
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
const push = app.config.keys.webPush;
if (push.enabled)
  app.server.log.info(
    { keys: push.generated ? 'generated, kept under DATA_DIR' : 'from the settings', subject: push.subject },
    'web push is on',
  );
else if (push.reason === 'WEB_PUSH=false') app.server.log.info('web push is off (WEB_PUSH=false)');
else app.server.log.warn({ reason: push.reason }, 'web push is not configured');
