/** The flow calls' path and the version calls' path (the spec keeps a few under the latter). */
export const F = 'basicData/production/private/processFlow/';
export const V = 'basicData/production/private/processFlowVersion/';
/** Reading a flow's versions belongs to the list and to the detail page. */
export const READ = { keys: ['processList', 'processDetail'] };
export const MODIFY = { keys: ['processListModify'] };

/** Rows of these ids, by id (a check's look-up in one query). */
export async function byIds<T extends { id: number }>(ids: number[], load: (ids: number[]) => Promise<T[]>) {
  const unique = [...new Set(ids)];
  return new Map((unique.length ? await load(unique) : []).map((r) => [r.id, r]));
}
