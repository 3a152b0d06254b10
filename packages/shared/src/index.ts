export * from './api/envelope.ts';
export * from './api/errors.ts';
export * from './crypto.ts';
export * from './permissions.ts';
export * from './tenantFlags.ts';
