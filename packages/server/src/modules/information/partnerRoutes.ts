import { type CustomerCascade, informationApi } from '@factory/shared/api/information';
import {
  customerEntity,
  customerSiteEntity,
  serviceCustomerEntity,
  supplierEntity,
} from '@factory/shared/entities/partner';
import { asc, eq } from 'drizzle-orm';
import { crud } from '../../platform/crud.ts';
import { handle } from '../../platform/route.ts';
import { customerSites, customers, serviceCustomers, suppliers } from './schema.ts';

export const supplier = crud({
  entity: supplierEntity,
  table: suppliers,
  selectWhere: eq(suppliers.enabled, true),
});

export const customer = crud({
  entity: customerEntity,
  table: customers,
  selectWhere: eq(customers.enabled, true),
});

export const serviceCustomer = crud({
  entity: serviceCustomerEntity,
  table: serviceCustomers,
  selectWhere: eq(serviceCustomers.enabled, true),
  usedBy: [
    {
      column: customerSites.customerId,
      label: '客户现场',
      names: customerSites.name,
      message: (name, sites) => `“${name}”下还有客户现场${sites}，请先删除这些现场`,
    },
  ],
});

export const customerSite = crud({
  entity: customerSiteEntity,
  table: customerSites,
  refs: {
    customerName: { id: serviceCustomers.id, name: serviceCustomers.name, code: serviceCustomers.code },
  },
});

export const partnerRoutes = [
  ...supplier.routes,
  ...customer.routes,
  ...serviceCustomer.routes,
  ...customerSite.routes,
  handle(informationApi.customers, {
    handler: async ({ tx }) => {
      const rows = await tx
        .select({
          id: serviceCustomers.id,
          name: serviceCustomers.name,
          siteId: customerSites.id,
          siteName: customerSites.name,
        })
        .from(serviceCustomers)
        .leftJoin(customerSites, eq(customerSites.customerId, serviceCustomers.id))
        .where(eq(serviceCustomers.enabled, true))
        .orderBy(asc(serviceCustomers.code), asc(customerSites.code));
      const byCustomer = new Map<number, CustomerCascade>();
      for (const r of rows) {
        let node = byCustomer.get(r.id);
        if (!node) {
          node = { value: r.id, label: r.name, children: [] };
          byCustomer.set(r.id, node);
        }
        if (r.siteId !== null) node.children.push({ value: r.siteId, label: r.siteName ?? '' });
      }
      return [...byCustomer.values()];
    },
  }),
];
