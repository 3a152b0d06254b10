/** Rows of these ids, by id (a check's look-up in one query). */
export async function byIds<T extends { id: number }>(ids: number[], load: (ids: number[]) => Promise<T[]>) {
  const unique = [...new Set(ids)];
  return new Map((unique.length ? await load(unique) : []).map((r) => [r.id, r]));
}
