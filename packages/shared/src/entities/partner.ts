import { defineEntity, type FieldDecl } from './define.ts';
import {
  codeField,
  createdAtField,
  idField,
  nameField,
  remarkField,
  statusField,
  toggledStatusField,
} from './information.ts';

/** A mobile number (11 digits from 1) or a landline with its area code and optional extension. */
export const PHONE_PATTERN = '^(1\\d{10}|0\\d{2,3}-?\\d{7,8}(-\\d{1,6})?)$';

export const phoneField = {
  label: '联系电话',
  type: 'string',
  maxLength: 20,
  pattern: { source: PHONE_PATTERN, message: '请输入11位手机号或带区号的固定电话（如 021-12345678）' },
  filter: ['like'],
  import: true,
  width: 140,
} satisfies FieldDecl;
export const contactField = {
  label: '联系人',
  type: 'string',
  maxLength: 50,
  filter: ['like'],
  import: true,
  width: 100,
} satisfies FieldDecl;
export const addressField = {
  label: '地址',
  type: 'string',
  maxLength: 200,
  filter: ['like'],
  import: true,
  width: 240,
} satisfies FieldDecl;

/** The fields suppliers and customers share: who they are and how to reach them. */
const partnerFields = (what: string) =>
  ({
    id: idField,
    code: codeField(`${what}编码`, 130, true),
    name: nameField(`${what}名称`, 220),
    shortName: {
      label: '简称',
      type: 'string',
      maxLength: 50,
      filter: ['like'],
      sort: true,
      import: true,
      width: 120,
    },
    contact: contactField,
    phone: phoneField,
    address: addressField,
  }) satisfies Record<string, FieldDecl>;

/** Suppliers (unit-info → 供应商): who the factory buys materials from. */
export const supplierEntity = defineEntity({
  name: 'supplier',
  label: '供应商',
  route: 'supplierList',
  defaultOrder: '+code',
  api: { base: 'basicData/unit/private/supplier/', name: 'Supplier' },
  autoCode: { prefix: 'GYS', seqLength: 4 },
  customFields: true,
  fields: {
    ...partnerFields('供应商'),
    isEnabled: toggledStatusField,
    remark: remarkField,
    createdAt: createdAtField,
  },
});

/** Sales customers (unit-info → 客户): who the factory sells to. */
export const customerEntity = defineEntity({
  name: 'customer',
  label: '客户',
  route: 'customerList',
  defaultOrder: '+code',
  api: { base: 'basicData/unit/private/customer/', name: 'Customer' },
  autoCode: { prefix: 'KH', seqLength: 4 },
  customFields: true,
  fields: {
    ...partnerFields('客户'),
    isEnabled: toggledStatusField,
    remark: remarkField,
    createdAt: createdAtField,
  },
});

/**
 * After-sales customers (customer-info → 服务客户) whose equipment the service team looks after.
 * Their calls live under basicData/private/customer/, where the spec's getAllCustomer cascader is.
 */
export const serviceCustomerEntity = defineEntity({
  name: 'serviceCustomer',
  label: '服务客户',
  route: 'serviceCustomerList',
  defaultOrder: '+code',
  api: { base: 'basicData/private/customer/', name: 'Customer' },
  autoCode: { prefix: 'FWKH', seqLength: 4 },
  customFields: true,
  fields: {
    ...partnerFields('客户'),
    industry: {
      label: '所属行业',
      type: 'string',
      maxLength: 50,
      placeholder: '如 电网、新能源、石化、轨道交通',
      filter: ['like', 'eq'],
      sort: true,
      import: true,
      width: 120,
    },
    isEnabled: statusField,
    remark: remarkField,
    createdAt: createdAtField,
  },
});

/** A service customer's sites (客户现场: substations, plants) where its equipment stands. */
export const customerSiteEntity = defineEntity({
  name: 'customerSite',
  label: '客户现场',
  route: 'customerSiteList',
  defaultOrder: '+code',
  api: { base: 'basicData/private/customerSite/', name: 'CustomerSite' },
  autoCode: { prefix: 'XC', seqLength: 4 },
  fields: {
    id: idField,
    code: codeField('现场编码', 130, true),
    // two customers may each have a “1号变电站”: only the code is unique
    name: { ...nameField('现场名称', 200), unique: false },
    customerName: {
      label: '所属客户',
      type: 'string',
      required: true,
      ref: { entity: 'serviceCustomer', by: 'name', idField: 'customerId' },
      filter: ['like'],
      sort: true,
      import: true,
      width: 220,
    },
    contact: contactField,
    phone: phoneField,
    address: addressField,
    remark: remarkField,
    createdAt: createdAtField,
  },
});
