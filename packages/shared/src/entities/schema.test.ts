import { Value } from 'typebox/value';
import { describe, expect, it } from 'vitest';
import { entityEndpoints } from './endpoints.ts';
import { equipmentEntity } from './equipment.ts';
import type { AddBody, RowOf, UpdateBody } from './schema.ts';

// the static types are checked by tsc (npm run typecheck); the runtime schemas must accept the same values
const e = entityEndpoints(equipmentEntity);
type Equipment = typeof equipmentEntity;

const row: RowOf<Equipment> = {
  id: 1,
  code: 'SB0001',
  name: '立式绕线机',
  classId: 3,
  className: '绕线机',
  kind: 0,
  model: null,
  location: null,
  sn: null,
  maker: null,
  areaId: null,
  areaName: null,
  stationId: null,
  stationName: null,
  commissionDate: null,
  warrantyEnd: null,
  picture: null,
  state: 2,
  runType: 0,
  machineState: 1,
  runHours: 1234.5,
  isEnabled: 1,
  holderNames: null,
  remark: null,
  createdAt: '2026-01-05 08:00:00',
  custom: { cf1: '甲' },
};
const added: AddBody<Equipment> = { name: '立式绕线机', classId: 3, kind: 0, custom: {} };
const updated: UpdateBody<Equipment> = { id: 1, model: '' };

// @ts-expect-error a state the enumeration does not have
const badState: RowOf<Equipment>['state'] = 7;
// @ts-expect-error the name is required on add
const noName: AddBody<Equipment> = { code: 'SB0002' };
// @ts-expect-error update needs the id
const noId: UpdateBody<Equipment> = { name: '卧式绕线机' };

describe('typed entity rows and bodies', () => {
  it('the runtime schemas accept what the static types describe', () => {
    expect(Value.Check(e.detail.result, row)).toBe(true);
    expect(Value.Check(e.listPage.result, { content: [row], total: 1 })).toBe(true);
    expect(e.add && Value.Check(e.add.body, added)).toBe(true);
    expect(e.update && Value.Check(e.update.body, updated)).toBe(true);
  });

  it('and refuse what the static types refuse', () => {
    expect(e.add && Value.Check(e.add.body, noName)).toBe(false);
    expect(e.update && Value.Check(e.update.body, noId)).toBe(false);
    // rows keep integers for enumerations at run time; the static type narrows them to the values
    expect(Value.Check(e.detail.result, { ...row, state: badState })).toBe(true);
  });
});
