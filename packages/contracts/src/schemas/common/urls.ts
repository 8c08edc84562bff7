// Addresses a content record may point at: its own stored objects or the public web.

/** An absolute http(s) address with a host. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/** A path of an uploaded object, as the upload answers it: `/objects/images/…`, `/objects/documents/…`. */
export function isObjectPath(value: string): boolean {
  return /^\/objects\/[\w.-]+(\/[\w.-]+)*$/.test(value) && !value.split('/').some((s) => s === '..' || s === '.');
}
