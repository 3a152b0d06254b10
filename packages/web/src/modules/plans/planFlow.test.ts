import type { ProcessStep } from '@factory/shared/api/processFlow';
import type { ProcedureProgress } from '@factory/shared/api/workOrder';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { progressTotals } from './OrderDetail.tsx';
import { quickOrderBody } from './OrderQuickAdd.tsx';
import { planAddBody, unplanned } from './PlanAdd.tsx';
import { scheduleSummary, tabFilters } from './PlanList.tsx';
import { ANY_LINE, chooseLine, isDraft, takesPlans, versionLines } from './planFlow.tsx';

const step = (seq: number, areas: [number, string][]): ProcessStep => ({
  id: seq,
  seq,
  procedureId: seq,
  procedureCode: `GX${seq}`,
  procedureName: `工序${seq}`,
  processType: 0,
  standardMinutes: null,
  setupMinutes: null,
  transferQuantity: null,
  remark: null,
  areaList: areas.map(([id, name]) => ({ id, name })),
  stationList: [],
});

describe('the lines a version allows', () => {
  it('are every line any step names, once each, in step order', () => {
    const lines = versionLines({
      steps: [
        step(1, [
          [1, '一线'],
          [2, '二线'],
        ]),
        step(2, []),
        step(3, [
          [3, '三线'],
          [1, '一线'],
        ]),
      ],
    });
    expect(lines).toEqual([
      { id: 1, name: '一线' },
      { id: 2, name: '二线' },
      { id: 3, name: '三线' },
    ]);
  });

  it('are every line when no step names one, and none without steps', () => {
    expect(versionLines({ steps: [step(1, []), step(2, [])] })).toBe(ANY_LINE);
    expect(versionLines({ steps: [] })).toEqual([]);
  });

  it('keep the chosen line while allowed, else take the only one, else none', () => {
    const two = [
      { id: 1, name: '一线' },
      { id: 3, name: '三线' },
    ];
    expect(chooseLine(two, 3)).toBe(3);
    expect(chooseLine(two, 2)).toBeUndefined();
    expect(chooseLine([{ id: 3, name: '三线' }], 2)).toBe(3);
    expect(chooseLine([{ id: 3, name: '三线' }], undefined)).toBe(3);
    expect(chooseLine([], 3)).toBeUndefined();
    expect(chooseLine(ANY_LINE, 7)).toBe(7);
  });
});

describe('the quick order body', () => {
  it('trims texts, sends times on the factory clock and empty optionals as null', () => {
    expect(
      quickOrderBody({
        code: '  ',
        materialsId: 5,
        quantity: 120,
        deliveryTime: dayjs('2026-12-31 17:00:00'),
        priority: 1,
        customerId: undefined,
        source: 0,
        sourceCode: ' SO-1 ',
        remark: '',
        areaId: 3,
        flowVersionId: 11,
        planType: 0,
        planStartTime: dayjs('2026-12-01 08:00:00'),
        planEndTime: null,
      }),
    ).toStrictEqual({
      code: undefined,
      materialsId: 5,
      quantity: 120,
      deliveryTime: '2026-12-31 17:00:00',
      priority: 1,
      customerId: null,
      source: 0,
      sourceCode: 'SO-1',
      remark: null,
      areaId: 3,
      flowVersionId: 11,
      planType: 0,
      planStartTime: '2026-12-01 08:00:00',
      planEndTime: null,
    });
  });

  it('leaves the version out when none was chosen (the server takes the main one)', () => {
    const body = quickOrderBody({
      code: 'MO-9',
      materialsId: 5,
      quantity: 1,
      deliveryTime: dayjs('2026-12-31 00:00:00'),
      priority: 0,
      source: 2,
      areaId: 3,
      planType: 1,
    });
    expect(body).not.toHaveProperty('flowVersionId');
    expect(body).toMatchObject({ code: 'MO-9', source: 2, planType: 1, planStartTime: null });
  });
});

describe('a new plan', () => {
  it('offers what is left of the order, to six decimals and never below 0', () => {
    expect(unplanned({ quantity: 10.3, plannedQuantity: 3.1 })).toBe(7.2);
    expect(unplanned({ quantity: 10, plannedQuantity: null })).toBe(10);
    expect(unplanned({ quantity: 10, plannedQuantity: 12 })).toBe(0);
  });

  it('is sent as the entity add call takes it', () => {
    expect(
      planAddBody({
        produceOrderId: 7,
        quantity: 7.2,
        planType: 0,
        areaId: 3,
        planStartTime: dayjs('2026-12-01 08:00:00'),
        remark: ' 加急 ',
      }),
    ).toStrictEqual({
      produceOrderId: 7,
      quantity: 7.2,
      planType: 0,
      areaId: 3,
      planStartTime: '2026-12-01 08:00:00',
      planEndTime: null,
      remark: '加急',
    });
  });
});

describe('order states', () => {
  it('edit only drafts and plan only confirmed orders still open', () => {
    expect(isDraft({ confirmStatus: 0, planStatus: 0 })).toBe(true);
    expect(isDraft({ confirmStatus: 1, planStatus: 0 })).toBe(false);
    expect(isDraft({ confirmStatus: 0, planStatus: 9 })).toBe(false);
    expect(
      ([0, 3, 1, 2, 9] as const).map((planStatus) => takesPlans({ confirmStatus: 1, planStatus })),
    ).toEqual([true, true, true, false, false]);
    expect(takesPlans({ confirmStatus: 0, planStatus: 0 })).toBe(false);
  });
});

describe('an order progress', () => {
  const row = (seq: number, good: number, defect: number, repair: number): ProcedureProgress => ({
    procedureId: seq,
    procedureName: `工序${seq}`,
    seq,
    quantity: 100,
    goodQuantity: good,
    defectQuantity: defect,
    repairQuantity: repair,
    finishRatio: good / 100,
  });

  it('counts as good what the last step passed, defects and repairs wherever found', () => {
    expect(progressTotals([row(2, 80, 3, 1), row(1, 95, 5, 0), row(3, 60, 1, 2)])).toEqual({
      good: 60,
      defect: 9,
      repair: 3,
    });
    expect(progressTotals([])).toEqual({ good: 0, defect: 0, repair: 0 });
  });
});

describe('the plan list', () => {
  it('filters a tab by its status, and the 全部 tab not at all', () => {
    expect(tabFilters('all')).toEqual([]);
    expect(tabFilters('2')).toEqual([
      { fieldName: 'scheduleStatus', fieldType: 'integer', operator: 'eq', fieldValue: 2 },
    ]);
    expect(tabFilters('42')).toEqual([]);
  });

  it('says how many plans were scheduled and which end after their delivery date', () => {
    expect(scheduleSummary({ scheduled: 4, late: [] })).toBe('排产完成，共排定 4 个生产计划');
    expect(
      scheduleSummary({
        scheduled: 4,
        late: [
          {
            id: 1,
            code: 'PL001',
            planEndTime: '2026-12-02 10:00:00',
            deliveryTime: '2026-12-01 00:00:00',
            lateMinutes: 2040,
            bottleneck: '绕线工位1',
          },
          {
            id: 2,
            code: 'PL002',
            planEndTime: '2026-12-02 12:00:00',
            deliveryTime: '2026-12-02 11:00:00',
            lateMinutes: 60,
            bottleneck: null,
          },
        ],
      }),
    ).toBe(
      '排产完成，共排定 4 个生产计划；其中 2 个晚于订单交货日期：PL001（计划结束 2026-12-02 10:00:00，交货 2026-12-01 00:00:00，等待工位“绕线工位1”）、PL002（计划结束 2026-12-02 12:00:00，交货 2026-12-02 11:00:00）',
    );
  });
});
