// Test fixture: opens the embedded database in the DATA_DIR given as argument, says "ready" and
// holds it until killed or told to exit on stdin.
import { createDb } from '../create-db';

const handle = await createDb({ dataDir: process.argv[2] });
process.stdout.write('ready\n');
process.stdin.on('data', () => {
  void handle.close().then(() => process.exit(0));
});
