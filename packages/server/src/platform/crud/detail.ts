import { IdQuery } from '@factory/shared/api/list';
import { route } from '../route.ts';
import type { CrudContext } from './context.ts';

/** One row by id, as the API shows it. */
export function detailCalls(c: CrudContext) {
  const routes = [
    route({
      method: 'GET',
      url: c.paths.detail,
      summary: `${c.entity.label}详情`,
      access: { keys: [c.entity.route] },
      query: IdQuery,
      result: c.Row,
      handler: ({ tx, query }) => c.detail(tx, query.id),
    }),
  ];
  return { routes, detail: c.detail };
}
