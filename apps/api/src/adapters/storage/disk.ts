import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Storage } from '@t0/server';
import { assertSafeObjectKey, isSafeObjectKey, META_SUFFIX } from './keys';

/** Objects as files under one folder (DATA_DIR/objects): the embedded default. */
export function createDiskStorage(root: string): Storage {
  const fileOf = (key: string) => {
    const file = path.resolve(root, key);
    if (!file.startsWith(path.resolve(root) + path.sep)) throw new Error('object key leaves the storage folder');
    return file;
  };

  async function writeAtomically(file: string, data: Buffer | string) {
    const tmp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    await writeFile(tmp, data);
    await rename(tmp, file);
  }

  return {
    async put(key, body, contentType) {
      assertSafeObjectKey(key);
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeAtomically(file, body);
      await writeAtomically(file + META_SUFFIX, JSON.stringify({ contentType, size: body.length }));
    },

    async get(key) {
      if (!isSafeObjectKey(key)) return null;
      const file = fileOf(key);
      try {
        const [body, meta] = await Promise.all([readFile(file), readFile(file + META_SUFFIX, 'utf8')]);
        const { contentType } = JSON.parse(meta) as { contentType?: string };
        return { body, contentType: contentType ?? 'application/octet-stream' };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },

    async delete(key) {
      if (!isSafeObjectKey(key)) return;
      const file = fileOf(key);
      await rm(file, { force: true });
      await rm(file + META_SUFFIX, { force: true });
    },
  };
}
