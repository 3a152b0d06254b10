import { type AnyPgColumn, boolean, index, integer, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { codeName, customValues, searchIndex, tenantTable, timestamps } from '../../../platform/schema.ts';

/**
 * Business partners, service customers and their sites, equipment classes
 */

const partner = () => ({
  ...codeName(),
  shortName: text('short_name'),
  contact: text('contact'),
  phone: text('phone'),
  address: text('address'),
  enabled: boolean('enabled').notNull().default(true),
  remark: text('remark'),
  custom: customValues(),
  ...timestamps(),
});

export const suppliers = tenantTable('supplier', partner(), (t) => [
  uniqueIndex('supplier_code_uq').on(t.tenantId, t.code),
  uniqueIndex('supplier_name_uq').on(t.tenantId, t.name),
  searchIndex('supplier', t.address),
  searchIndex('supplier', t.code),
  searchIndex('supplier', t.contact),
  searchIndex('supplier', t.name),
  searchIndex('supplier', t.phone),
  searchIndex('supplier', t.shortName),
]);

/** Sales customers (unit-info → customer-list). */
export const customers = tenantTable('customer', partner(), (t) => [
  uniqueIndex('customer_code_uq').on(t.tenantId, t.code),
  uniqueIndex('customer_name_uq').on(t.tenantId, t.name),
  searchIndex('customer', t.address),
  searchIndex('customer', t.code),
  searchIndex('customer', t.contact),
  searchIndex('customer', t.name),
  searchIndex('customer', t.phone),
  searchIndex('customer', t.shortName),
]);

/** After-sales customers whose equipment the service team looks after (customer-info). */
export const serviceCustomers = tenantTable(
  'service_customer',
  { ...partner(), industry: text('industry') },
  (t) => [
    uniqueIndex('service_customer_code_uq').on(t.tenantId, t.code),
    uniqueIndex('service_customer_name_uq').on(t.tenantId, t.name),
    searchIndex('service_customer', t.address),
    searchIndex('service_customer', t.code),
    searchIndex('service_customer', t.contact),
    searchIndex('service_customer', t.industry),
    searchIndex('service_customer', t.name),
    searchIndex('service_customer', t.phone),
    searchIndex('service_customer', t.shortName),
  ],
);

/** A service customer's sites (plants, substations) where its equipment stands. */
export const customerSites = tenantTable(
  'customer_site',
  {
    ...codeName(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => serviceCustomers.id),
    contact: text('contact'),
    phone: text('phone'),
    address: text('address'),
    remark: text('remark'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('customer_site_code_uq').on(t.tenantId, t.code),
    index('customer_site_customer_idx').on(t.customerId),
    searchIndex('customer_site', t.address),
    searchIndex('customer_site', t.code),
    searchIndex('customer_site', t.contact),
    searchIndex('customer_site', t.name),
    searchIndex('customer_site', t.phone),
  ],
);

/** Equipment classes, a tree (spec 001 §7.2 getEquipmentClassList, the reports' cascader). */
export const equipmentClasses = tenantTable(
  'equipment_class',
  {
    ...codeName(),
    parentId: integer('parent_id').references((): AnyPgColumn => equipmentClasses.id),
    sort: integer('sort').notNull().default(0),
    remark: text('remark'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('equipment_class_code_uq').on(t.tenantId, t.code),
    index('equipment_class_parent_idx').on(t.parentId),
    searchIndex('equipment_class', t.code),
    searchIndex('equipment_class', t.name),
  ],
);
