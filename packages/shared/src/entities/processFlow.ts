import { type Static, Type } from 'typebox';
import { materialsApi } from '../api/materials.ts';
import { defineEntity } from './define.ts';
import { codeField, createdAtField, idField, nameField, remarkField, statusField } from './information.ts';

/** Process flows and their classes live under basicData/production/private/ (spec 001 §7.7). */
const P = 'basicData/production/private/';

/** One version of a flow as its header lists them (getProcessFlowDetail's versionList). */
export const VersionSummary = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  isMain: Type.Boolean(),
  stepCount: Type.Integer(),
});
export type VersionSummary = Static<typeof VersionSummary>;

/** Classes of process flows (线圈类, 总装类 …), kept in a panel of the flow list: no route of their own. */
export const processFlowClassEntity = defineEntity({
  name: 'processFlowClass',
  label: '工艺路线分类',
  route: 'processList',
  buttons: ['Add', 'Modify', 'Del'],
  defaultOrder: '+code',
  api: { base: `${P}processFlowClass/`, name: 'ProcessFlowClass' },
  autoCode: { prefix: 'GYFL', seqLength: 3 },
  fields: {
    id: idField,
    code: codeField('分类编码', 120, true),
    name: nameField('分类名称', 160),
    flowCount: { label: '工艺路线数', type: 'integer', form: false, readOnly: true, sort: true, width: 100 },
    remark: remarkField,
    createdAt: { ...createdAtField, list: false },
  },
});

/**
 * Process flows (工艺路线): how a product is made, as versions of ordered procedures (exactly one
 * the main version) with the lines and stations each step may run on and the materials it
 * consumes. The header is declared here; versions, steps and the BOM views are their own calls.
 */
export const processFlowEntity = defineEntity({
  name: 'processFlow',
  extraRow: {
    mainVersionId: Type.Union([Type.Integer(), Type.Null()]),
    versionList: Type.Array(VersionSummary),
  },
  // a copy takes the source's main version (steps, lines, stations, materials) as its V1
  extraBody: { copyFromId: Type.Optional(Type.Integer({ minimum: 1, title: '复制自' })) },
  label: '工艺路线',
  route: 'processList',
  defaultOrder: '+code',
  api: { base: `${P}processFlow/`, name: 'ProcessFlow' },
  autoCode: { prefix: 'GYLX', seqLength: 4 },
  customFields: true,
  fields: {
    id: idField,
    code: codeField('工艺路线编码', 150, true),
    name: nameField('工艺路线名称', 200),
    // names repeat across specifications: imports name the product by its code
    materialName: {
      label: '产品',
      type: 'string',
      required: true,
      ref: {
        entity: 'materials',
        by: 'code',
        idField: 'materialId',
        select: materialsApi.finished,
        // virtual materials are for planning only: nothing is made of them (spec 000 §5)
        filters: [{ fieldName: 'isVirtualMaterials', fieldType: 'integer', operator: 'eq', fieldValue: 0 }],
      },
      importHeader: '产品编码',
      filter: ['like'],
      sort: true,
      import: true,
      width: 150,
    },
    materialCode: {
      label: '产品编码',
      type: 'string',
      form: false,
      filter: ['like'],
      sort: true,
      width: 150,
    },
    mainVersionName: { label: '主版本', type: 'string', form: false, readOnly: true, width: 90 },
    versionCount: { label: '版本数', type: 'integer', form: false, readOnly: true, sort: true, width: 80 },
    stepCount: { label: '工序数', type: 'integer', form: false, readOnly: true, width: 80 },
    specifications: {
      label: '规格型号',
      type: 'string',
      form: false,
      filter: ['like'],
      list: false,
      width: 170,
    },
    className: {
      label: '分类',
      type: 'string',
      ref: { entity: 'processFlowClass', by: 'name', idField: 'classId' },
      filter: ['like'],
      sort: true,
      import: true,
      width: 120,
    },
    isEnabled: statusField,
    remark: remarkField,
    createdAt: createdAtField,
  },
});
