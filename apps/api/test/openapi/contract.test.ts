import { buildOpenApiDocument } from '@t0/server';
import { describe, expect, it } from 'vitest';
import { validatorFor, type Answer, type OpenApiDocument } from '../contract';

// The check every REST answer of the API tests goes through (contract.ts), on the document the
// server serves: it must refuse an answer that differs from the document by one renamed field.

const validator = validatorFor(buildOpenApiDocument('http://t0.test/api') as unknown as OpenApiDocument);

function answer(method: string, url: string, status: number, body: unknown, headers: Record<string, string> = {}) {
  return {
    method,
    url,
    status,
    headers: new Headers({ 'content-type': 'application/json; charset=utf-8', ...headers }),
    body: typeof body === 'string' ? body : JSON.stringify(body),
  } satisfies Answer;
}

describe('the answer check', () => {
  it('passes an answer as documented and refuses it with one field renamed', () => {
    expect(validator.check(answer('GET', '/api/signals/audience', 200, { subscribers: 3 })).problems).toEqual([]);
    const renamed = validator.check(answer('GET', '/api/signals/audience', 200, { subscriberCount: 3 }));
    expect(renamed.operation).toBe('GET /signals/audience 200');
    expect(renamed.problems).toEqual(
      expect.arrayContaining([
        expect.stringContaining("must have required property 'subscribers'"),
        expect.stringContaining('must NOT have additional properties "subscriberCount"'),
      ]),
    );
  });

  it('checks error bodies: the documented fields only, a known code, each field error with its code', () => {
    const unauthorized = { message: 'Unauthorized', code: 'UNAUTHORIZED' };
    expect(validator.check(answer('GET', '/api/signals', 401, unauthorized)).problems).toEqual([]);
    expect(
      validator.check(answer('GET', '/api/signals', 401, { msg: 'Unauthorized', code: 'UNAUTHORIZED' })).problems,
    ).not.toEqual([]);
    // tRPC's `data` is not part of the REST error body.
    expect(
      validator.check(answer('GET', '/api/signals', 401, { ...unauthorized, data: { httpStatus: 401 } })).problems,
    ).toEqual([expect.stringContaining('"data"')]);
    expect(
      validator.check(answer('GET', '/api/signals', 401, { message: 'Unauthorized', code: 'FORBIDDEN' })).problems,
    ).not.toEqual([]);

    const field = { path: 'title', code: 'required', message: 'Title is required' };
    const refused = { message: 'Title is required', code: 'BAD_REQUEST', fields: [field] };
    expect(validator.check(answer('POST', '/api/blog-posts', 400, refused)).problems).toEqual([]);
    const unknownCode = { ...refused, fields: [{ ...field, code: 'missing' }] };
    expect(validator.check(answer('POST', '/api/blog-posts', 400, unknownCode)).problems).toEqual([
      expect.stringContaining('/fields/0/code must be equal to one of the allowed values'),
    ]);
  });

  it('refuses a status the operation does not declare, another content type and a missing Retry-After', () => {
    expect(validator.check(answer('GET', '/api/signals/audience', 418, {})).problems).toEqual([
      expect.stringContaining('status 418 is not declared'),
    ]);
    const text = {
      ...answer('GET', '/api/signals/audience', 200, 'x'),
      headers: new Headers({ 'content-type': 'text/plain' }),
    };
    expect(validator.check(text).problems).toEqual([expect.stringContaining('content type "text/plain"')]);
    const busy = { message: 'Too many attempts', code: 'TOO_MANY_REQUESTS' };
    expect(validator.check(answer('POST', '/api/auth/login', 429, busy, { 'retry-after': '30' })).problems).toEqual([]);
    expect(validator.check(answer('POST', '/api/auth/login', 429, busy)).problems).toEqual([
      'header Retry-After is required',
    ]);
  });

  it('finds the operation of a path (a literal path before a template), and leaves out what is not the API', () => {
    expect(validator.route('/signals/audience')).toBe('/signals/audience');
    expect(validator.route('/signals/12')).toBe('/signals/{id}');
    expect(validator.check(answer('GET', '/api/nothing-here', 200, {})).problems).toEqual([
      'the document has no such operation',
    ]);
    expect(
      validator.check(answer('GET', '/api/nothing-here', 404, { message: 'Not found', code: 'NOT_FOUND' })),
    ).toMatchObject({ checked: true, problems: [] });
    expect(validator.check(answer('GET', '/api/health', 200, { status: 'ok' }))).toMatchObject({
      checked: false,
      problems: [],
    });
  });
});
