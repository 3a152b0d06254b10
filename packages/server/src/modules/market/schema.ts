import {
  index,
  integer,
  numeric,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { searchIndex, timestamps } from '../../platform/schema.ts';

/**
 * The application market (spec 000 §1, §2): the provider's catalogue, shared by every tenant, so
 * these tables have no tenant_id. A group (market type) sits under one of the ten tabs.
 */
export const marketTypes = pgTable(
  'market_type',
  {
    id: serial('id').primaryKey(),
    /** The tab, 1-based in the spec's order (marketCategory). */
    tableId: smallint('table_id').notNull(),
    name: text('name').notNull(),
    sort: integer('sort').notNull().default(0),
    ...timestamps(),
  },
  (t) => [index('market_type_table_idx').on(t.tableId, t.sort)],
);

export const marketDetails = pgTable(
  'market_detail',
  {
    id: serial('id').primaryKey(),
    marketTypeId: integer('market_type_id')
      .notNull()
      .references(() => marketTypes.id),
    name: text('name').notNull(),
    description: text('description').notNull(),
    cost: numeric('cost', { precision: 12, scale: 2 }).notNull(),
    /** URL of the picture (a market picture, readable by every tenant). */
    picture: text('picture'),
    /** Sanitised rich text (HTML). */
    introduction: text('introduction').notNull().default(''),
    payment: text('payment').notNull().default(''),
    sort: integer('sort').notNull().default(0),
    ...timestamps(),
  },
  (t) => [index('market_detail_type_idx').on(t.marketTypeId, t.sort), searchIndex('market_detail', t.name)],
);

/**
 * Pictures of the catalogue. Uploads are tenant-owned; a picture put on a market card is copied
 * here so every tenant can load it.
 */
export const marketPictures = pgTable('market_picture', {
  id: uuid('id').primaryKey(),
  mime: text('mime').notNull(),
  storageKey: text('storage_key').notNull(),
  size: integer('size').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
