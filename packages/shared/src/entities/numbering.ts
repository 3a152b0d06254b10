import { defineEnum } from '../enums/defineEnum.ts';
import { type AutoCodeRule, defineEntity, type EntityDecl } from './define.ts';
import { remarkField } from './information.ts';
import { businessEntities } from './registry.ts';

/** The numbered kinds of record: every entity that declares autoCode. */
export const numberedEntities: readonly EntityDecl[] = Object.values(businessEntities).filter(
  (e) => e.autoCode,
);

export const codeDateFormat = defineEnum([
  { value: '', label: '无' },
  { value: 'YYYY', label: '年（YYYY）' },
  { value: 'YYYYMM', label: '年月（YYYYMM）' },
  { value: 'YYYYMMDD', label: '年月日（YYYYMMDD）' },
  { value: 'YYMMDD', label: '短年月日（YYMMDD）' },
]);

export const codeResetPeriod = defineEnum([
  { value: 0, label: '不重置' },
  { value: 1, label: '每日' },
  { value: 2, label: '每月' },
  { value: 3, label: '每年' },
]);

export const docTypes = defineEnum(numberedEntities.map((e) => ({ value: e.name, label: e.label })));

/** The rule a kind of record follows when the tenant has not set one. */
export function defaultRule(docType: string): AutoCodeRule | undefined {
  return numberedEntities.find((e) => e.name === docType)?.autoCode;
}

/** The n-th code of a rule in a period ('20261123' of a daily rule, '' of a never-reset one). */
export function formatCode(rule: AutoCodeRule, dateText: string, n: number): string {
  return `${rule.prefix}${dateText}${String(n).padStart(rule.seqLength, '0')}`;
}

/** Date parts of a rule's date format and its reset period, from a y/m/d in the factory's zone. */
export function datePartsOf(rule: AutoCodeRule, d: { y: number; m: number; d: number }) {
  const p2 = (n: number) => String(n).padStart(2, '0');
  const yyyy = String(d.y);
  const text: Record<string, string> = {
    '': '',
    YYYY: yyyy,
    YYYYMM: `${yyyy}${p2(d.m)}`,
    YYYYMMDD: `${yyyy}${p2(d.m)}${p2(d.d)}`,
    YYMMDD: `${yyyy.slice(2)}${p2(d.m)}${p2(d.d)}`,
  };
  const period = ['', `${yyyy}${p2(d.m)}${p2(d.d)}`, `${yyyy}${p2(d.m)}`, yyyy][rule.resetPeriod ?? 0] ?? '';
  return { dateText: text[rule.dateFormat ?? ''] ?? '', period };
}

/** Numbering rules (setting → system-setting-info → code-setting). */
export const codeRuleEntity = defineEntity({
  name: 'codeRule',
  label: '编码规则',
  route: 'codeSetting',
  defaultOrder: '+docType',
  api: { base: 'systemConfig/private/codeRule/', name: 'CodeRule' },
  fields: {
    id: { label: '编号', type: 'integer', readOnly: true, list: false, sort: true, export: false },
    docType: {
      label: '单据类型',
      type: 'enum',
      enum: docTypes,
      required: true,
      unique: true,
      filter: ['eq'],
      sort: true,
      width: 140,
    },
    prefix: {
      label: '前缀',
      type: 'string',
      maxLength: 10,
      pattern: { source: '^[A-Za-z0-9_-]*$', message: '前缀只能包含字母、数字、_ 和 -' },
      width: 100,
    },
    dateFormat: { label: '日期部分', type: 'enum', enum: codeDateFormat, width: 160 },
    seqLength: { label: '流水号位数', type: 'integer', required: true, min: 2, max: 10, width: 110 },
    resetPeriod: { label: '流水号重置', type: 'enum', enum: codeResetPeriod, required: true, width: 110 },
    remark: remarkField,
  },
});
