import type { KittingResult } from '@factory/shared/api/warehouse';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { App } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import { KittingResultView, materialsInOrder } from './KittingResultView.tsx';

/** Two plans in running order: the first takes the copper wire there is, the second is short of it. */
const result: KittingResult = {
  id: null,
  code: null,
  calculatedAt: '2026-11-26 09:30:00',
  plans: [
    {
      planId: 11,
      planCode: 'PL20261126001',
      productCode: 'CP-001',
      productName: '电机定子',
      areaName: '绕线一线',
      planStartTime: '2026-11-27 08:00:00',
      quantity: 10,
      kittedQuantity: 10,
      isKitted: true,
      shortMaterialCount: 0,
    },
    {
      planId: 12,
      planCode: 'PL20261126002',
      productCode: 'CP-001',
      productName: '电机定子',
      areaName: null,
      planStartTime: null,
      quantity: 20,
      kittedQuantity: 7,
      isKitted: false,
      shortMaterialCount: 1,
    },
  ],
  lines: [
    {
      planId: 11,
      materialsId: 1,
      materialsCode: 'YL-001',
      materialsName: '漆包铜线',
      unitName: 'kg',
      required: 5,
      issued: 1,
      need: 4,
      allocated: 4,
      shortage: 0,
    },
    {
      planId: 12,
      materialsId: 1,
      materialsCode: 'YL-001',
      materialsName: '漆包铜线',
      unitName: 'kg',
      required: 10,
      issued: 0,
      need: 10,
      allocated: 3.5,
      shortage: 6.5,
    },
    {
      planId: 12,
      materialsId: 2,
      materialsCode: 'YL-002',
      materialsName: '硅钢片',
      unitName: '片',
      required: 40,
      issued: 0,
      need: 40,
      allocated: 40,
      shortage: 0,
    },
  ],
  // not in shortage order, as an old saved result might be
  materials: [
    {
      materialsId: 2,
      materialsCode: 'YL-002',
      materialsName: '硅钢片',
      materialsSpecifications: '0.5mm',
      unitName: '片',
      need: 40,
      supply: 100,
      shortage: 0,
      planCount: 1,
    },
    {
      materialsId: 1,
      materialsCode: 'YL-001',
      materialsName: '漆包铜线',
      materialsSpecifications: 'Φ1.2',
      unitName: 'kg',
      need: 14,
      supply: 7.5,
      shortage: 6.5,
      planCount: 2,
    },
  ],
};

afterEach(cleanup);

const mount = (r: KittingResult = result) =>
  render(
    <App>
      <KittingResultView result={r} />
    </App>,
  );
const table = (id: string) => document.getElementById(id) as HTMLElement;
const planRow = (planId: number) =>
  table('kittingPlans').querySelector(`tr[data-row-key="${planId}"]`) as HTMLElement;

describe('KittingResultView', { timeout: 60_000 }, () => {
  it('sums up kitted plans and short materials', () => {
    mount();
    const figure = (label: string) => screen.getByText(label).closest('.ant-statistic') as HTMLElement;
    expect(figure('参与计划').textContent).toContain('2');
    expect(figure('齐套计划').textContent).toMatch(/1\s*\/ 2/);
    expect(figure('缺料计划').textContent).toContain('1');
    expect(figure('缺料物料').textContent).toMatch(/1\s*\/ 2/);
    expect(screen.getByText(/计算时间 2026-11-26 09:30:00/)).toBeTruthy();
    expect(screen.queryByText(/分析编号/)).toBeNull();
  });

  it('tags each plan 齐套 or 缺料 with its kitted quantity and short count in red', () => {
    mount();
    const kitted = planRow(11);
    const short = planRow(12);
    expect(within(kitted).getByText('齐套')).toBeTruthy();
    expect(within(kitted).queryByText('缺料')).toBeNull();
    expect(within(short).getByText('缺料')).toBeTruthy();
    expect(within(short).getByText('7')).toBeTruthy();
    // no line, no start: the empty cell, not 'null'
    expect(short.textContent).toContain('—');
    expect(short.textContent).not.toContain('null');
    const count = within(short).getByText('1', {
      selector: '.ant-typography-danger, .ant-typography-danger *',
    });
    expect(count).toBeTruthy();
    expect(kitted.querySelector('.ant-typography-danger')).toBeNull();
  });

  it('expands a plan to its material lines, the shortage in red', () => {
    mount();
    const expand = planRow(12).querySelector('.ant-table-row-expand-icon') as HTMLElement;
    fireEvent.click(expand);
    const lines = planRow(12).nextElementSibling as HTMLElement;
    expect(lines.className).toContain('ant-table-expanded-row');
    const copper = within(lines).getByText('漆包铜线').closest('tr') as HTMLElement;
    // required, issued, need, allocated, shortage; the spec from the materials
    expect(copper.textContent).toContain('Φ1.2');
    for (const v of ['10', '0', '3.5']) expect(within(copper).getAllByText(v).length).toBeGreaterThan(0);
    expect(within(copper).getByText('6.5').closest('.ant-typography-danger')).toBeTruthy();
    const steel = within(lines).getByText('硅钢片').closest('tr') as HTMLElement;
    expect(steel.querySelector('.ant-typography-danger')).toBeNull();
  });

  it('lists the materials shortest first, with supply against need', () => {
    mount();
    const rows = [...table('kittingMaterials').querySelectorAll('tbody tr.ant-table-row')];
    expect(rows.map((r) => r.getAttribute('data-row-key'))).toEqual(['1', '2']);
    expect(rows[0].textContent).toContain('14');
    expect(rows[0].textContent).toContain('7.5');
    expect(
      within(rows[0] as HTMLElement)
        .getByText('6.5')
        .closest('.ant-typography-danger'),
    ).toBeTruthy();
    expect(materialsInOrder(result.materials).map((m) => m.materialsCode)).toEqual(['YL-001', 'YL-002']);
  });

  it('filters the plans to the short ones and names a saved analysis', () => {
    mount({ ...result, id: 3, code: 'QT20261126001' });
    expect(screen.getByText(/分析编号 QT20261126001/)).toBeTruthy();
    fireEvent.click(screen.getByText('缺料 1'));
    expect(planRow(11)).toBeNull();
    expect(planRow(12)).toBeTruthy();
  });

  it('says when no plan took part', () => {
    mount({ ...result, plans: [], lines: [], materials: [] });
    expect(screen.getByText('没有参与计算的生产计划')).toBeTruthy();
    expect(screen.getByText('所选计划没有用料')).toBeTruthy();
  });
});
