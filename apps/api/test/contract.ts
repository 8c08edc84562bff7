import { createHash } from 'node:crypto';
import { appendFileSync } from 'node:fs';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

/**
 * Every REST answer the API tests receive is checked against the OpenAPI document the app under test
 * serves (`/api/openapi.json`): the status must be declared for the operation, the content type must
 * be one the answer declares, and the body must match its schema (JSON Schema 2020-12, as OpenAPI
 * 3.1 says, with its formats). A test whose answer breaks the document fails at that request.
 */

type Json = Record<string, unknown>;
interface MediaType {
  schema?: unknown;
}
interface ResponseObject {
  $ref?: string;
  content?: Record<string, MediaType>;
  headers?: Record<string, { required?: boolean }>;
}
interface OperationObject {
  responses?: Record<string, ResponseObject>;
}
export interface OpenApiDocument {
  servers?: Array<{ url: string }>;
  paths?: Record<string, Record<string, OperationObject>>;
  components?: Json;
}

export interface Answer {
  method: string;
  /** The request's path and query, as sent (`/api/signals?x=1`). */
  url: string;
  status: number;
  headers: Headers;
  /** The body as text; undefined when it was not read (a stream). */
  body: string | undefined;
}

export interface Verdict {
  /** `GET /signals 200`, or `GET /api/health 200 (not in the document)`. */
  operation: string;
  /** False when the answer's path is one the document leaves out on purpose (see UNDOCUMENTED). */
  checked: boolean;
  problems: string[];
}

/**
 * /api paths that are not operations of the REST API, so not in its document: the document and its
 * reference page, the browser's sign-out page, signed webhooks from other services, upload URLs the
 * API hands out, the health and readiness probes, files (CSV) and the OAuth callback the browser is sent back to.
 */
const UNDOCUMENTED = [
  /^\/openapi\.json$/,
  /^\/docs(\/|$)/,
  /^\/logout$/,
  /^\/health$/,
  /^\/ready$/,
  /^\/webhooks\//,
  /^\/uploads\//,
  /^\/performance\.csv$/,
  /^\/community\/discord\/callback$/,
  /^\/checkout(\/|$)/,
];

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch']);
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

interface Route {
  template: string;
  pattern: RegExp;
  /** Literal segments: a literal path wins over a template it also matches (`/signals/audience`). */
  literals: number;
}

/** Checks answers against one OpenAPI document. */
export class ContractValidator {
  private readonly ajv: Ajv2020;
  private readonly routes: Route[];
  private readonly compiled = new Map<string, ValidateFunction>();
  readonly basePath: string;

  constructor(private readonly doc: OpenApiDocument) {
    // OpenAPI's own keywords (`example`, `discriminator` …) are not JSON Schema: not strict about them.
    this.ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
    addFormats(this.ajv);
    this.ajv.addSchema(doc as object, DOC_ID);
    this.basePath = new URL(doc.servers?.[0]?.url ?? 'http://localhost/').pathname.replace(/\/$/, '');
    this.routes = Object.keys(doc.paths ?? {}).map((template) => {
      const segments = template.split('/');
      const pattern = segments
        .map((s) => (/^\{[^}]+\}$/.test(s) ? '[^/]+' : s.replace(/[.*+?^$()|[\]\\]/g, '\\$&')))
        .join('/');
      return {
        template,
        pattern: new RegExp(`^${pattern}$`),
        literals: segments.filter((s) => s && !s.startsWith('{')).length,
      };
    });
  }

  /** The document's path template for a request path (without the base path), if any. */
  route(path: string): string | undefined {
    let best: Route | undefined;
    for (const r of this.routes) if (r.pattern.test(path) && (!best || r.literals > best.literals)) best = r;
    return best?.template;
  }

  check(answer: Answer): Verdict {
    const method = answer.method.toLowerCase();
    // The server routes the decoded path (`/auth/logi%6E` is `/auth/login`).
    const pathname = new URL(answer.url, 'http://x').pathname.split('/').map(decodeSegment).join('/');
    const path = pathname.startsWith(this.basePath + '/') ? pathname.slice(this.basePath.length) : pathname;
    const template = this.route(path);
    if (!METHODS.has(method)) return { operation: `${method.toUpperCase()} ${pathname}`, checked: false, problems: [] };
    const op = template ? this.doc.paths![template]![method] : undefined;
    if (!template || !op) {
      if (UNDOCUMENTED.some((p) => p.test(path)))
        return {
          operation: `${method.toUpperCase()} ${pathname} ${answer.status} (not in the document)`,
          checked: false,
          problems: [],
        };
      // Anything else under the base path is the API's own 404, with the error body.
      const operation = `${method.toUpperCase()} ${pathname} ${answer.status} (no such operation)`;
      if (answer.status !== 404) return { operation, checked: true, problems: ['the document has no such operation'] };
      return { operation, checked: true, problems: this.checkBody(answer, NOT_FOUND_POINTER, 'application/json') };
    }
    const operation = `${method.toUpperCase()} ${template} ${answer.status}`;
    const responses = op.responses ?? {};
    const key = [String(answer.status), `${String(answer.status)[0]}XX`, 'default'].find((k) => k in responses);
    if (key === undefined)
      return {
        operation,
        checked: true,
        problems: [`status ${answer.status} is not declared (declared: ${Object.keys(responses).join(', ')})`],
      };
    // A shared response (`#/components/responses/…`) is read where it is written.
    let at = `/paths/${escape(template)}/${method}/responses/${key}`;
    let response = responses[key]!;
    for (let hops = 0; response.$ref && hops < 5; hops++) {
      at = response.$ref.replace(/^#/, '');
      response = pointerTo(this.doc, at) as ResponseObject;
    }
    const problems: string[] = [];
    for (const [name, header] of Object.entries(response.headers ?? {})) {
      if (header.required && !answer.headers.has(name)) problems.push(`header ${name} is required`);
    }
    const type = (answer.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    const content = response.content ?? {};
    const declared = Object.keys(content);
    if (declared.length === 0) {
      if (answer.body) problems.push(`a body was sent (${type || 'no content type'}) where none is declared`);
      return { operation, checked: true, problems };
    }
    const media = declared.find((d) => d.toLowerCase() === type);
    if (!media) {
      problems.push(`content type "${type}" is not declared (declared: ${declared.join(', ')})`);
      return { operation, checked: true, problems };
    }
    const pointer = `${at}/content/${escape(media)}/schema`;
    problems.push(...this.checkBody(answer, content[media]!.schema === undefined ? undefined : pointer, media));
    return { operation, checked: true, problems };
  }

  private checkBody(answer: Answer, pointer: string | undefined, media: string): string[] {
    if (pointer === undefined || answer.body === undefined) return [];
    let value: unknown = answer.body;
    if (media === 'application/json') {
      try {
        value = answer.body === '' ? undefined : JSON.parse(answer.body);
      } catch {
        return ['the body is not JSON'];
      }
      if (value === undefined) return ['the body is empty'];
    }
    const validate = this.validator(pointer);
    if (validate(value)) return [];
    return (validate.errors ?? []).map((e) => {
      const where = e.instancePath || '(body)';
      const extra =
        e.keyword === 'additionalProperties'
          ? ` "${(e.params as { additionalProperty: string }).additionalProperty}"`
          : e.keyword === 'const' || e.keyword === 'enum'
            ? ` ${JSON.stringify((e.params as { allowedValue?: unknown; allowedValues?: unknown }).allowedValue ?? (e.params as { allowedValues?: unknown }).allowedValues)}`
            : '';
      return `${where} ${e.message ?? e.keyword}${extra}`;
    });
  }

  /** Compiles the schema of every answer of the document now (otherwise each on its first use). */
  compileAll(): void {
    for (const [template, methods] of Object.entries(this.doc.paths ?? {})) {
      for (const [method, op] of Object.entries(methods)) {
        for (const [key, response] of Object.entries(op.responses ?? {})) {
          const at = response.$ref
            ? response.$ref.replace(/^#/, '')
            : `/paths/${escape(template)}/${method}/responses/${key}`;
          const resolved = pointerTo(this.doc, at) as ResponseObject;
          for (const [media, content] of Object.entries(resolved.content ?? {}))
            if (content.schema !== undefined) this.validator(`${at}/content/${escape(media)}/schema`);
        }
      }
    }
  }

  private validator(pointer: string): ValidateFunction {
    let validate = this.compiled.get(pointer);
    if (!validate) {
      validate = this.ajv.compile({ $ref: `${DOC_ID}#${pointer}` });
      this.compiled.set(pointer, validate);
    }
    return validate;
  }
}

const DOC_ID = 'https://t0.test/openapi.json';
const NOT_FOUND_POINTER = '/components/schemas/error.NOT_FOUND';
/** The value at a JSON pointer (`/components/responses/x`) in the document. */
function pointerTo(doc: unknown, pointer: string): unknown {
  let value = doc;
  for (const part of pointer.split('/').slice(1)) {
    value = (value as Record<string, unknown> | undefined)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  if (value === undefined) throw new Error(`the document has nothing at ${pointer}`);
  return value;
}

const decodeSegment = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};
const escape = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * One validator per distinct document (the apps of a run serve the same one but for the address
 * and the session cookie's name), with every response schema compiled when it is made: compiling
 * is the costly part (about a second), done once per test worker, before the tests that measure
 * time, rather than in the middle of one.
 */
const byDocument = new Map<string, ContractValidator>();

export function validatorFor(doc: OpenApiDocument): ContractValidator {
  const basePath = new URL(doc.servers?.[0]?.url ?? 'http://localhost/').pathname;
  // The session cookie's name (in the security schemes) differs in production; nothing checks it.
  const components = { ...doc.components, securitySchemes: undefined };
  const key = createHash('sha256')
    .update(JSON.stringify([basePath, doc.paths, components]))
    .digest('hex');
  let v = byDocument.get(key);
  if (!v) {
    byDocument.set(key, (v = new ContractValidator(doc)));
    v.compileAll();
  }
  return v;
}

/** The answer as one line, for the log that OPENAPI_ANSWERS_LOG names (a file; a line per answer). */
export function logVerdict(verdict: Verdict): void {
  const file = process.env.OPENAPI_ANSWERS_LOG;
  if (file) appendFileSync(file, JSON.stringify(verdict) + '\n');
}

const origins = new Set<string>();
const validators = new Map<string, Promise<ContractValidator>>();
const INSTALLED = Symbol.for('t0.test.checkedFetch');

/**
 * From now on, every answer to a request under /api/ of the app at `base` is checked against the
 * document that app serves; one that breaks it rejects the request's `fetch` with the problems.
 */
export function checkAnswersOf(base: string): void {
  origins.add(new URL(base).origin);
  const g = globalThis as typeof globalThis & { [INSTALLED]?: true };
  if (g[INSTALLED]) return;
  g[INSTALLED] = true;
  const plainFetch = globalThis.fetch;
  globalThis.fetch = async function checkedFetch(input: string | URL | Request, init?: RequestInit) {
    const res = await plainFetch(input, init);
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (!origins.has(url.origin) || !url.pathname.startsWith('/api/')) return res;
    const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
    let validator = validators.get(url.origin);
    if (!validator) {
      validator = plainFetch(`${url.origin}/api/openapi.json`).then(async (r) =>
        validatorFor((await r.json()) as OpenApiDocument),
      );
      validators.set(url.origin, validator);
    }
    // A stream is checked by its status and type; a body that breaks off is the test's to see.
    let body: string | undefined;
    if (!(res.headers.get('content-type') ?? '').startsWith('text/event-stream')) {
      try {
        body = await res.clone().text();
      } catch {
        return res;
      }
    }
    const verdict = (await validator).check({
      method,
      url: url.pathname + url.search,
      status: res.status,
      headers: res.headers,
      body,
    });
    logVerdict(verdict);
    if (verdict.problems.length > 0) {
      throw new Error(`The answer breaks the OpenAPI document: ${verdict.operation}: ${verdict.problems.join('; ')}`);
    }
    return res;
  } as typeof fetch;
}
