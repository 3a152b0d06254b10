import { entityEndpoints } from '@factory/shared/entities/endpoints';
import { repairRecordEntity, reportWasteRecordEntity } from '@factory/shared/entities/qualityRecords';
import type { RowOf } from '@factory/shared/entities/schema';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HasPageContext } from '../../platform/pages.ts';
import { request } from '../../platform/request.ts';
import { type SessionUser, useSession } from '../../platform/session.ts';
import { mountPage } from '../../platform/testing.tsx';
import RepairRecordList from './RepairRecordList.tsx';
import ReportWasteRecordList from './ReportWasteRecordList.tsx';

vi.mock('../../platform/request.ts', async (original) => ({
  ...(await original<typeof import('../../platform/request.ts')>()),
  request: vi.fn(),
}));
const send = vi.mocked(request);

/** A repair of 2 units of a report's defects, sent to a rework work order still pending. */
const repair: RowOf<typeof repairRecordEntity> = {
  id: 7,
  ncId: 31,
  materialsId: 5,
  workOrderId: 21,
  reworkWorkOrderId: 44,
  code: 'BHG202611280002',
  source: 0,
  sourceCode: 'BG202611280011',
  materialsName: 'S13-M-400/10 油浸式变压器',
  materialsCode: 'S13-M-400',
  workOrderCode: 'WO20261128001',
  procedureName: '绕线',
  quantity: 2,
  reworkWorkOrderCode: 'WO20261128009',
  reworkStatus: 0,
  handledByName: '王芳',
  handledAt: '2026-11-28 10:00:00',
  remark: '重新绕制',
};
/** Two lines of one report: one by reason, and a report naming none. */
const byReason: RowOf<typeof reportWasteRecordEntity> = {
  id: 1101,
  reportId: 11,
  workOrderId: 21,
  materialsId: 5,
  scrapReasonId: 3,
  ncId: 31,
  reportCode: 'BG202611280011',
  reportedAt: '2026-11-28 09:30:00',
  workOrderCode: 'WO20261128001',
  materialsName: 'S13-M-400/10 油浸式变压器',
  materialsCode: 'S13-M-400',
  procedureName: '绕线',
  stationName: '绕线工位1',
  userNames: '李强',
  scrapReasonName: '绕组变形',
  scrapReasonCategory: '工艺缺陷',
  quantity: 2,
  ncCode: 'BHG202611280002',
  handlingStatus: 1,
};
const noReason: RowOf<typeof reportWasteRecordEntity> = {
  ...byReason,
  id: 1200,
  reportId: 12,
  reportCode: 'BG202611280012',
  scrapReasonId: null,
  scrapReasonName: null,
  scrapReasonCategory: null,
  quantity: 1,
  ncId: 32,
  ncCode: 'BHG202611280003',
  handlingStatus: 0,
};

const signIn = (permissions: string[]) =>
  useSession.setState({
    user: { id: 1, userName: 'zhijian01', permissions, companyInfo: { flags: {} } } as unknown as SessionUser,
  });

function mount(page: React.ReactNode, path: string, rows: unknown[]) {
  send.mockImplementation(
    async (_method, p) => (p === path ? { content: rows, total: rows.length } : []) as never,
  );
  mountPage(<HasPageContext.Provider value={() => true}>{page}</HasPageContext.Provider>);
}
const rowOf = (id: number) => document.querySelector(`tr[data-row-key="${id}"]`) as HTMLElement;
const hrefOf = (scope: HTMLElement, name: string) =>
  within(scope).getByRole('link', { name }).getAttribute('href');

afterEach(() => {
  cleanup();
  send.mockReset();
  useSession.setState({ user: undefined });
});

// antd tables in happy-dom take seconds on a busy machine
describe('返修记录 and 报工报废记录', { timeout: 60_000 }, () => {
  it('links a repair’s record, material, work order and rework work order where the user may open them', async () => {
    signIn(['repairRecord', 'repairRecordDetail', 'unquality', 'workDetail', 'repairDetail']);
    mount(<RepairRecordList />, entityEndpoints(repairRecordEntity).listPage.path, [repair]);
    await waitFor(() => expect(rowOf(7)).toBeTruthy());
    const row = rowOf(7);
    expect(hrefOf(row, 'WO20261128001')).toBe('/plans/works/work-detail/21');
    expect(hrefOf(row, 'WO20261128009')).toBe('/plans/works/repair-detail/44');
    expect(decodeURIComponent(hrefOf(row, 'BHG202611280002') ?? '')).toContain('"code":"BHG202611280002"');
    // no key to the material's page: its code is text
    expect(within(row).queryByRole('link', { name: 'S13-M-400' })).toBeNull();
    expect(within(row).getByText('S13-M-400')).toBeTruthy();

    fireEvent.click(within(row).getByRole('button', { name: /详\s*情/ }));
    expect(await screen.findByText('返修记录详情 — BHG202611280002')).toBeTruthy();
    const drawer = document.querySelector('.ant-drawer') as HTMLElement;
    expect(within(drawer).getByText('重新绕制')).toBeTruthy();
    expect(within(drawer).getByText('王芳')).toBeTruthy();
    expect(hrefOf(drawer, 'WO20261128009')).toBe('/plans/works/repair-detail/44');
  });

  it('names a report’s line by its reason, 未注明 when it gave none, and links the report and its record', async () => {
    signIn(['reportWasteRecord', 'reportWasteRecordDetail', 'reportRecords', 'materialsDetail', 'unquality']);
    mount(<ReportWasteRecordList />, entityEndpoints(reportWasteRecordEntity).listPage.path, [
      byReason,
      noReason,
    ]);
    await waitFor(() => expect(rowOf(1200)).toBeTruthy());
    expect(within(rowOf(1101)).getByText('绕组变形')).toBeTruthy();
    expect(within(rowOf(1200)).getByText('未注明')).toBeTruthy();
    expect(within(rowOf(1101)).getByText('部分处理')).toBeTruthy();
    expect(decodeURIComponent(hrefOf(rowOf(1200), 'BG202611280012') ?? '')).toMatch(
      /^\/plans\/report-records\?.*"code":"BG202611280012"/,
    );
    expect(decodeURIComponent(hrefOf(rowOf(1200), 'BHG202611280003') ?? '')).toContain(
      '"code":"BHG202611280003"',
    );
    expect(hrefOf(rowOf(1101), 'S13-M-400')).toBe('/information/materials-info/materials-detail/5');
    // no key to work orders: the number is text
    expect(within(rowOf(1101)).queryByRole('link', { name: 'WO20261128001' })).toBeNull();
  });
});
