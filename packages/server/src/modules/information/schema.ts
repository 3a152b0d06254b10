/** The information module's tables, one file per area of master data. */
export * from './schema/factory.ts';
export * from './schema/materials.ts';
export * from './schema/params.ts';
export * from './schema/partners.ts';
export * from './schema/processFlows.ts';
export * from './schema/warehouses.ts';
