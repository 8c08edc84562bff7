export { appRouter, type AppRouter } from './root';
export { createInnerContext, type AppSettings, type Context, type Logger, type RequestInfo } from './context';
export type * from './ports';
export { createCallerFactory } from './trpc';
export { buildOpenApiDocument, SESSION_COOKIE_NAME } from './openapi';
export { toUser, findUserById } from './queries/users';
export { ValidationFailure, toFieldIssues } from './errors';
