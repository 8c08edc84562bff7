// Isomorphic entry: schemas, domain rules and constants (safe for the web bundle).
export * from './domain/constants';
export * from './schemas/auth';
export * from './schemas/common';
export * from './domain/prices';
export * from './schemas/payments';
export * from './schemas/admin';
export * from './schemas/test-endpoints';
export * from './domain/subscriptions';
export * from './domain/ip-location';
export * from './schemas/site';
export * from './domain/admin';
