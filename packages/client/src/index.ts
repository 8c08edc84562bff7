export {
  ApiError,
  createT0Client,
  type BodyOf,
  type CallOptions,
  type FieldError,
  type HttpMethod,
  type PathsFor,
  type ResponseOf,
  type T0Client,
  type T0ClientOptions,
} from './client';
export type { components, operations, paths } from './schema.gen';
