import { describe, expect, it } from 'vitest';
import {
  type AnyEnum,
  auditStatus,
  barcodeType,
  defineEnum,
  demandServiceContent,
  type EnumValue,
  enums,
  inspectionKind,
  planningStatus,
  priority,
  productionPeriod,
  repairOrderStatus,
  servicePeriod,
  statusEnums,
  typeEnums,
} from './index.ts';

const hex = /^#[0-9a-f]{6}$/i;
const all: [string, AnyEnum][] = Object.entries(enums);

describe('every enum', () => {
  it.each(all)('%s has unique values', (_, e) => {
    expect(new Set(e.values).size).toBe(e.items.length);
  });

  it.each(all)('%s has unique, non-empty labels', (_, e) => {
    const labels = e.items.map((item) => item.label);
    for (const label of labels) expect(label.trim()).not.toBe('');
    expect(new Set(labels).size).toBe(labels.length);
  });

  it.each(all)('%s exposes options, values and labels in declaration order', (_, e) => {
    expect(e.options).toEqual(e.items.map(({ value, label }) => ({ value, label })));
    expect(e.values).toEqual(e.items.map((item) => item.value));
    for (const item of e.items) expect(e.label(item.value)).toBe(item.label);
  });

  it.each(all)('%s is frozen', (_, e) => {
    expect(Object.isFrozen(e)).toBe(true);
    expect(Object.isFrozen(e.items)).toBe(true);
    expect(Object.isFrozen(e.options)).toBe(true);
  });
});

describe('registry', () => {
  it('splits into status and type lists with no name in both', () => {
    const statusNames = Object.keys(statusEnums);
    const typeNames = Object.keys(typeEnums);
    expect(statusNames.filter((name) => typeNames.includes(name))).toEqual([]);
    expect(Object.keys(enums).length).toBe(statusNames.length + typeNames.length);
  });

  it.each(Object.entries(statusEnums))('status %s has a hex colour on every item', (_, e) => {
    for (const item of e.items) expect(e.color(item.value)).toMatch(hex);
  });

  it('types carry no colour, except priority, which is shown as a tag', () => {
    for (const [name, e] of Object.entries(typeEnums)) {
      if (name === 'priority') continue;
      const coloured = e.items.filter((item) => 'color' in item);
      expect(coloured, name).toEqual([]);
    }
    for (const value of priority.values) expect(priority.color(value)).toMatch(hex);
  });
});

describe('lookups', () => {
  it('handles values not in the list', () => {
    expect(auditStatus.label(9)).toBe('');
    expect(auditStatus.label(undefined, '未知')).toBe('未知');
    expect(auditStatus.color(9)).toBeUndefined();
    expect(auditStatus.get(null)).toBeUndefined();
    expect(auditStatus.has(9)).toBe(false);
  });

  it('compares strictly, so a string code is not a numeric value', () => {
    expect(auditStatus.has('1')).toBe(false);
    expect(barcodeType.has('QRCode')).toBe(true);
    expect(barcodeType.has('qrcode')).toBe(false);
  });

  it('narrows with has()', () => {
    const raw: unknown = -1;
    if (!auditStatus.has(raw)) throw new Error('expected -1 to be an audit status');
    const value: EnumValue<typeof auditStatus> = raw;
    expect(auditStatus.label(value)).toBe('未提交');
  });

  it('refuses duplicate values and a default outside the list', () => {
    expect(() =>
      defineEnum([
        { value: 1, label: '甲' },
        { value: 1, label: '乙' },
      ]),
    ).toThrow(/duplicate/);
    expect(() => defineEnum([{ value: 1, label: '甲' }], 2 as 1)).toThrow(/default/);
  });
});

describe('values from the spec', () => {
  it('audit status includes -1 not submitted', () => {
    expect(auditStatus.values).toEqual([0, 1, 2, -1]);
    expect(auditStatus.label(-1)).toBe('未提交');
  });

  it('planning status keeps the spec order 0, 3, 1, 2', () => {
    expect(planningStatus.values).toEqual([0, 3, 1, 2]);
  });

  it('repair order status runs 1 to 7', () => {
    expect(repairOrderStatus.values).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(repairOrderStatus.label(7)).toBe('已驳回');
  });

  it('service period has 9 presets 0..8, production 7 presets 0..6 defaulting to the quarter', () => {
    expect(servicePeriod.values).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(productionPeriod.values).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(productionPeriod.defaultValue).toBe(1);
    expect(productionPeriod.label(productionPeriod.defaultValue)).toBe('本季度');
  });

  it('demand service content skips 4 and 5', () => {
    expect(demandServiceContent.values).toEqual([0, 1, 2, 3, 6]);
    expect(demandServiceContent.label(6)).toBe('点检');
  });

  it('inspection kind defaults to process inspection', () => {
    expect(inspectionKind.label(inspectionKind.defaultValue)).toBe('过程检验');
  });

  it('barcode types are the print engine strings', () => {
    expect(barcodeType.values).toEqual(['QRCode', 'barCode']);
  });
});
