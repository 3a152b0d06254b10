import { index, integer, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenantId, tenantTable } from '../../platform/schema.ts';

/**
 * Uploaded files (spec 000 §7 Files). The bytes live on disk under the files directory at
 * storage_key (`<tenant>/<yyyy>/<mm>/<id>`); the row is tenant-owned, so row-level security makes
 * another tenant's file simply not found.
 */
export const files = tenantTable(
  'file',
  {
    /** Random, so URLs cannot be enumerated; also the file's name on disk. */
    id: uuid('id').notNull(),
    tenantId: tenantId(),
    /** Path relative to the files directory; never taken from a request. */
    storageKey: text('storage_key').notNull(),
    /** The client's file name, sanitised (no directories, no control characters, ≤ 200 characters). */
    originalName: text('original_name').notNull(),
    /** Detected from the content, not from the client. */
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    /** 'image' | 'attachment' */
    kind: text('kind').notNull(),
    width: integer('width'),
    height: integer('height'),
    uploadedBy: integer('uploaded_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('file_tenant_created_idx').on(t.tenantId, t.createdAt)],
);
