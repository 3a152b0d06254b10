import { CRUD, group, page } from './build.ts';

// Redirect goes through statisticsBoardInfo (a direct child) to allStatisticsCard, see resolveRedirect.
export const statisticsBoard = group(
  'statisticsBoard',
  'statistics-board',
  '工厂BI',
  [
    group('boardManageNew', 'board-manage-new', '工厂看板', [
      // One button per common board group; extra workshop boards are tenant data behind feature flags.
      page(
        'allBoardGroup',
        'all-board-group',
        '默认看板',
        ['Production', 'Exception', 'Quality', 'Equipment', 'Warehouse'],
        {
          noCache: true,
        },
      ),
    ]),
    group('statisticsBoardInfo', 'statistics-board-info', '统计报表', [
      page('allStatisticsCard', 'all-statistics-card', '生产报表', ['Export', 'Print']),
      page('saleStatisticsCard', 'sale-statistics-card', '售后服务报表', ['Export', 'Print']),
      page('boardManage', 'board-manage', '自定义报表', [...CRUD, 'Copy', 'Export']),
    ]),
  ],
  { icon: 'BarChartOutlined' },
  'statisticsBoardInfo',
);
