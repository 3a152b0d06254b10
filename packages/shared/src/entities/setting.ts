import { enableStatus, organizationLevel } from '../enums/index.ts';
import { defineEntity } from './define.ts';
import { codeField, createdAtField, idField, nameField, remarkField } from './information.ts';

/** The organisation framework (spec 001 §9): factory → workshop → production line. */
export const organizationEntity = defineEntity({
  name: 'organization',
  label: '组织',
  route: 'organization',
  defaultOrder: '+sort',
  api: { base: 'Organization/', name: 'Organization' },
  autoCode: { prefix: 'ORG', seqLength: 3 },
  fields: {
    id: idField,
    name: { ...nameField('组织名称', 200), unique: false },
    code: codeField('组织编码', 140, true),
    level: {
      label: '层级',
      type: 'enum',
      enum: organizationLevel,
      required: true,
      filter: ['eq'],
      width: 90,
    },
    parentName: {
      label: '上级组织',
      type: 'string',
      ref: { entity: 'organization', by: 'name', idField: 'parentId' },
      width: 160,
    },
    sort: { label: '排序', type: 'integer', min: 0, max: 100_000, sort: true, width: 80 },
    remark: remarkField,
    createdAt: { ...createdAtField, list: false },
  },
});

/** User groups (spec 001 §7.6): named sets of users that notifications and reports address. */
export const userGroupEntity = defineEntity({
  name: 'userGroup',
  label: '用户组',
  route: 'userGroup',
  defaultOrder: '+code',
  api: { base: 'basicData/settings/private/userGroup/', name: 'UserGroup' },
  autoCode: { prefix: 'YHZ', seqLength: 3 },
  fields: {
    id: idField,
    code: codeField('用户组编码', 140, true),
    name: nameField('用户组名称'),
    memberNames: { label: '成员', type: 'string', form: false, width: 260 },
    memberCount: { label: '人数', type: 'integer', form: false, readOnly: true, sort: true, width: 80 },
    isEnabled: {
      label: '状态',
      type: 'enum',
      enum: enableStatus,
      filter: ['eq'],
      sort: true,
      import: true,
      width: 90,
    },
    remark: remarkField,
    createdAt: createdAtField,
  },
});

/**
 * Roles (spec 000 §6): a named set of function permissions (the authority, saved by its own call
 * updatePermission, never by the form) and the users who hold it. No Enable button on the route,
 * so `enabled` stays as created and is not in the form.
 */
export const roleEntity = defineEntity({
  name: 'role',
  label: '角色',
  route: 'roleList',
  defaultOrder: '+id',
  api: { base: 'authority/private/role/', name: 'Role' },
  fields: {
    id: idField,
    name: nameField('角色名称'),
    userCount: { label: '用户数', type: 'integer', form: false, readOnly: true, sort: true, width: 90 },
    remark: remarkField,
    createdAt: createdAtField,
  },
});
