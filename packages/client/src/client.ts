import type { components, paths } from './schema.gen';

// A small typed fetch client for scripts: every path, payload and answer type comes from the
// generated OpenAPI types. A script authenticates with a personal API token (`token`, sent as
// `Authorization: Bearer`), or signs in and a cookie jar keeps the session between calls.

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

type Operation<P extends keyof paths, M extends HttpMethod> = NonNullable<paths[P][M]>;

/** The paths that have an operation for this method. */
export type PathsFor<M extends HttpMethod> = {
  [P in keyof paths]: [NonNullable<paths[P][M]>] extends [never] ? never : P;
}[keyof paths];

type Json<T> = T extends { content: { 'application/json': infer B } } ? B : never;

/** The JSON answer of an operation. */
export type ResponseOf<P extends keyof paths, M extends HttpMethod> =
  Operation<P, M> extends { responses: { 200: infer R } } ? Json<R> : never;

/** The JSON payload of an operation. */
export type BodyOf<P extends keyof paths, M extends HttpMethod> =
  Operation<P, M> extends { requestBody?: infer R } ? Json<NonNullable<R>> : never;

type Parameters_<P extends keyof paths, M extends HttpMethod> =
  Operation<P, M> extends { parameters: infer X } ? X : never;
type PathParams<P extends keyof paths, M extends HttpMethod> =
  Parameters_<P, M> extends { path?: infer X } ? NonNullable<X> : never;
type QueryParams<P extends keyof paths, M extends HttpMethod> =
  Parameters_<P, M> extends { query?: infer X } ? NonNullable<X> : never;

export interface CallOptions<P extends keyof paths, M extends HttpMethod> {
  /** Values for `{placeholders}` in the path. */
  params?: PathParams<P, M>;
  query?: QueryParams<P, M>;
  body?: BodyOf<P, M>;
}

export interface T0ClientOptions {
  /** The product's address, e.g. `http://localhost:3000`. */
  baseUrl: string;
  /** Another fetch (tests, proxies). */
  fetch?: typeof fetch;
  /** Extra headers sent with every call. */
  headers?: Record<string, string>;
  /**
   * A personal API token (`t0_pat_…`, from the profile's Developer Settings), sent as
   * `Authorization: Bearer` with every call: no sign-in needed.
   */
  token?: string;
}

/** One refused field of a 400: its dotted `path`, a stable `code` to translate by, and the message. */
export type FieldError = components['schemas']['FieldError'];

/** A non-2xx answer: `message` is the server's (the first failing field's for a validation error). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown,
  ) {
    super(message);
  }
  /** The kind of error (`NOT_FOUND`, `CONFLICT` …), when the server gave it. */
  get code(): string | undefined {
    const code = (this.body as { code?: unknown } | undefined)?.code;
    return typeof code === 'string' ? code : undefined;
  }
  /** Field-level details of a validation error, when the server gave them. */
  get fields(): FieldError[] {
    const fields = (this.body as { fields?: unknown } | undefined)?.fields;
    return Array.isArray(fields) ? (fields as FieldError[]) : [];
  }
}

function fillPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}

export function createT0Client(options: T0ClientOptions) {
  const doFetch = options.fetch ?? fetch;
  const base = options.baseUrl.replace(/\/$/, '');
  const jar = new Map<string, string>();
  const authHeaders: Record<string, string> = options.token ? { authorization: `Bearer ${options.token}` } : {};

  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');

  function keepCookies(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attrs] = line.split(';');
      const i = pair.indexOf('=');
      if (i <= 0) continue;
      const name = pair.slice(0, i).trim();
      const value = pair.slice(i + 1).trim();
      const expired = attrs.some((a) => /^\s*max-age=0\s*$/i.test(a) || /^\s*expires=.*1970/i.test(a));
      if (!value || expired) jar.delete(name);
      else jar.set(name, value);
    }
  }

  async function request<M extends HttpMethod, P extends PathsFor<M>>(
    method: M,
    path: P,
    call: CallOptions<P, M> = {},
  ): Promise<ResponseOf<P, M>> {
    const url = new URL(`${base}/api${fillPath(path, call.params as Record<string, unknown> | undefined)}`);
    for (const [k, v] of Object.entries((call.query ?? {}) as Record<string, unknown>)) {
      if (v !== undefined && v !== null) url.searchParams.set(k, String(v));
    }
    const headers: Record<string, string> = { accept: 'application/json', ...authHeaders, ...options.headers };
    if (jar.size) headers.cookie = cookieHeader();
    let body: string | undefined;
    if (call.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(call.body);
    }
    const res = await doFetch(url, { method: method.toUpperCase(), headers, body, redirect: 'manual' });
    keepCookies(res);
    const text = await res.text();
    let parsed: unknown = undefined;
    if (text) {
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = text;
      }
    }
    if (!res.ok) {
      const message =
        parsed && typeof parsed === 'object' && 'message' in parsed && typeof parsed.message === 'string'
          ? parsed.message
          : `${res.status} ${res.statusText}`;
      throw new ApiError(res.status, message, parsed);
    }
    return parsed as ResponseOf<P, M>;
  }

  return {
    request,
    get: <P extends PathsFor<'get'>>(path: P, call?: CallOptions<P, 'get'>) => request('get', path, call),
    post: <P extends PathsFor<'post'>>(path: P, call?: CallOptions<P, 'post'>) => request('post', path, call),
    put: <P extends PathsFor<'put'>>(path: P, call?: CallOptions<P, 'put'>) => request('put', path, call),
    patch: <P extends PathsFor<'patch'>>(path: P, call?: CallOptions<P, 'patch'>) => request('patch', path, call),
    delete: <P extends PathsFor<'delete'>>(path: P, call?: CallOptions<P, 'delete'>) => request('delete', path, call),

    /** Signs in; the session cookie is kept for the following calls. */
    login: (email: string, password: string) => request('post', '/auth/login', { body: { email, password } }),

    /** Ends the session on the server and forgets the cookie. */
    async logout(): Promise<void> {
      const headers: Record<string, string> = jar.size ? { cookie: cookieHeader() } : {};
      const res = await doFetch(`${base}/api/logout`, { headers, redirect: 'manual' });
      await res.arrayBuffer();
      jar.clear();
    },

    /** Whether a session cookie is held. */
    get signedIn(): boolean {
      return jar.size > 0;
    },

    /** The headers that authenticate a call made without this client (the live stream): the token's, or the session cookie. */
    authHeaders(): Record<string, string> {
      return { ...authHeaders, ...(jar.size ? { cookie: cookieHeader() } : {}) };
    },
  };
}

export type T0Client = ReturnType<typeof createT0Client>;
