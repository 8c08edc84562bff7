import type { Storage, UploadSigner } from '@t0/contracts/server';
import type { Config } from '../config';

// Placeholder until the content API lands the disk and S3 adapters.
export function createStorage(_config: Config): Storage {
  const missing = async (): Promise<never> => {
    throw new Error('storage is not available yet');
  };
  return { put: missing, get: missing, delete: missing };
}

export function createUploadSigner(_config: Config): UploadSigner {
  return {
    createUploadUrl() {
      throw new Error('uploads are not available yet');
    },
  };
}
