import { createHash } from 'node:crypto';
import { type EntityDecl, importFields } from '@factory/shared/entities/define';
import type { ConvertedRows } from './check.ts';

/**
 * The wizard checks a file (step 2), then sends the same file again to write it (step 3). Reading
 * a 10 000-row workbook is most of an import's time, and what the check learnt without the
 * database (required, type and format: see `convertRows`) cannot have changed if the file, the
 * declaration and the header row have not. So the check step keeps its converted rows here and
 * the write step takes them, then runs only the database checks (references, uniqueness) again,
 * in its own transaction, because the database may well have changed in between.
 *
 * The key is the tenant + the entity and a fingerprint of its import fields (a tenant's custom
 * fields change the declaration) + the header row + the file's SHA-256, so one tenant's check
 * never serves another tenant or another file. Entries are few and short-lived (LRU, TTL): a
 * miss — expired, evicted, a restart, or the write landing on another API node behind a load
 * balancer — only means the write reads the file again, as it would without the cache.
 */
export interface CheckedFilesOptions {
  /** Entries kept at most (each up to IMPORT_MAX_ROWS rows); the least recently used goes. */
  maxEntries?: number;
  /** How long a check can serve a write, in ms. */
  ttlMs?: number;
  /** The clock, for tests. */
  now?: () => number;
}

export interface CheckedFileKey {
  /** Whose data the check looked at: the transaction's tenant. */
  tenant: string;
  decl: EntityDecl;
  startRow: number;
  file: Buffer;
}

interface Entry {
  value: ConvertedRows;
  expires: number;
}

/** A small bounded LRU of checked files; `stats` counts what it served, for tests and benchmarks. */
export class CheckedFiles {
  private readonly entries = new Map<string, Entry>();
  private readonly maxEntries: number;
  private readonly ttlMs: number;
  private readonly now: () => number;
  readonly stats = { hits: 0, misses: 0 };

  constructor({ maxEntries = 4, ttlMs = 10 * 60_000, now = Date.now }: CheckedFilesOptions = {}) {
    this.maxEntries = maxEntries;
    this.ttlMs = ttlMs;
    this.now = now;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The converted rows of a checked file, or undefined (never checked, expired or evicted). */
  get(key: string): ConvertedRows | undefined {
    const entry = this.entries.get(key);
    if (entry) this.entries.delete(key);
    if (!entry || entry.expires <= this.now()) {
      this.stats.misses++;
      return undefined;
    }
    this.entries.set(key, entry); // most recently used last
    this.stats.hits++;
    return entry.value;
  }

  set(key: string, value: ConvertedRows): void {
    this.entries.delete(key);
    const now = this.now();
    for (const [k, e] of this.entries) if (e.expires <= now) this.entries.delete(k);
    while (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
    this.entries.set(key, { value, expires: now + this.ttlMs });
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
    this.stats.hits = 0;
    this.stats.misses = 0;
  }
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

const fingerprints = new WeakMap<EntityDecl, string>();
/**
 * Everything the conversion reads from a declaration: its import fields, as JSON, hashed (per
 * declaration object: declarations are not changed once made; a tenant's custom fields make a
 * new one). A field property the conversion reads must therefore be plain data, not a function.
 */
function fingerprint(decl: EntityDecl): string {
  let print = fingerprints.get(decl);
  if (!print) {
    print = sha256(JSON.stringify([decl.name, importFields(decl)]));
    fingerprints.set(decl, print);
  }
  return print;
}

export function checkedFileKey({ tenant, decl, startRow, file }: CheckedFileKey): string {
  return [tenant, decl.name, fingerprint(decl), startRow, sha256(file)].join('\n');
}

/** The process's checked files, shared by every import route. */
export const checkedFiles = new CheckedFiles();
