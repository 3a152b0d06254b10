/** The equipment module's tables, one file per part (the register first: the others point at it). */

export * from './readingSchema.ts';
export * from './registerSchema.ts';
export * from './repairSchema.ts';
export * from './sparePartSchema.ts';
export * from './taskSchema.ts';
