/** A storage key is a server-chosen relative path: `images/…` or `documents/…`, no dot segments. */
export function isSafeObjectKey(key: string): boolean {
  return (
    key.length > 0 &&
    key.length <= 400 &&
    /^[\w.-]+(\/[\w.-]+)*$/.test(key) &&
    !key.split('/').some((s) => s === '.' || s === '..') &&
    !key.endsWith(META_SUFFIX)
  );
}

/** The disk adapter keeps an object's Content-Type beside it in a file with this suffix. */
export const META_SUFFIX = '.meta.json';

export function assertSafeObjectKey(key: string): void {
  if (!isSafeObjectKey(key)) throw new Error(`unsafe object key: ${JSON.stringify(key)}`);
}
