import { basicConfigApi, basicConfigDecl } from '@factory/shared/api/basicConfig';
import { asc } from 'drizzle-orm';
import { notFound } from '../../platform/errors.ts';
import { listFields, listPage } from '../../platform/list.ts';
import { handle } from '../../platform/route.ts';
import { basicConfig } from '../../platform/schema.ts';
import { getByCode, listConfig, toTree, updateConfig } from './basicConfigService.ts';

/** Only these codes are readable before sign-in (the login page shows the company). */
const PUBLIC_CODES = Object.entries(basicConfigDecl)
  .filter(([, d]) => d.public)
  .map(([code]) => code);

const configFields = listFields({
  code: { column: basicConfig.code, type: 'string', filter: ['eq', 'in', 'like'], sort: true },
  name: { column: basicConfig.name, type: 'string', filter: ['eq', 'like'], sort: true },
  groupCode: { column: basicConfig.groupCode, type: 'string', filter: ['eq', 'in'], sort: true },
  isShow: { column: basicConfig.isShow, type: 'boolean', filter: ['eq'] },
  sort: { column: basicConfig.sort, type: 'number', sort: true },
});

export const settingRoutes = [
  handle(basicConfigApi.tree, {
    handler: async ({ tx }) => toTree(await listConfig(tx)),
  }),
  handle(basicConfigApi.listPage, {
    handler: ({ tx, query }) =>
      listPage(
        ({ total }) => tx.select({ ...basicConfigColumns, __total: total }).from(basicConfig),
        configFields,
        query,
        {
          defaultOrder: [asc(basicConfig.sort), asc(basicConfig.id)],
        },
      ),
  }),
  handle(basicConfigApi.byCode, {
    handler: ({ tx, query }) => getByCode(tx, query.code),
  }),
  handle(basicConfigApi.updateBatch, {
    handler: ({ tx, session, body }) => updateConfig(tx, session.userId, body),
  }),
  handle(basicConfigApi.update, {
    handler: async ({ tx, session, body }) => (await updateConfig(tx, session.userId, [body]))[0],
  }),
  handle(basicConfigApi.publicByCode, {
    tx: false,
    handler: ({ services, query }) => {
      if (!PUBLIC_CODES.includes(query.code)) throw notFound(`参数“${query.code.slice(0, 64)}”`);
      return services.inTenantOf(query.memberCode, (tx) => getByCode(tx, query.code));
    },
  }),
  handle(basicConfigApi.publicTree, {
    tx: false,
    handler: ({ services, query }) =>
      services.inTenantOf(query.memberCode, async (tx) => toTree(await listConfig(tx, PUBLIC_CODES))),
  }),
  handle(basicConfigApi.value, {
    handler: async ({ tx, query }) => (await getByCode(tx, query.code)).value,
  }),
];

const basicConfigColumns = {
  id: basicConfig.id,
  code: basicConfig.code,
  name: basicConfig.name,
  value: basicConfig.value,
  groupCode: basicConfig.groupCode,
  isShow: basicConfig.isShow,
  sort: basicConfig.sort,
};
