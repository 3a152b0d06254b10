import { defineEntity } from '@factory/shared/entities/define';

/**
 * The provider's tenant registry as a list declares it: the fields, filters and sorts the
 * server's tenant list allows (platform/tenancy.ts). Tenants are not master data of a tenant, so
 * the declaration lives with their screens rather than among the shared entities.
 */
export const tenantEntity = defineEntity({
  name: 'tenant',
  label: '租户',
  route: 'tenant',
  defaultOrder: '+createdAt',
  fields: {
    memberCode: { label: '企业编码', type: 'string', filter: ['like'], sort: true, width: 190 },
    companyName: { label: '企业名称', type: 'string', filter: ['like'], sort: true, width: 260 },
    version: { label: '版本', type: 'string', width: 100 },
    enabled: { label: '是否启用', type: 'boolean', filter: ['eq'], sort: true, width: 90 },
    createdAt: { label: '创建时间', type: 'datetime', sort: true, readOnly: true, width: 170 },
  },
});
