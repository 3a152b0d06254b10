import { EditOutlined } from '@ant-design/icons';
import { entityEndpoints } from '@factory/shared/entities/endpoints';
import { packageInfoEntity } from '@factory/shared/entities/warehouse';
import { routeHref } from '@factory/shared/routes';
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  Card,
  Descriptions,
  Flex,
  Result,
  Steps,
  Table,
  type TableColumnsType,
  Typography,
} from 'antd';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { call } from '../../platform/call.ts';
import { EntityFormModal } from '../../platform/crud/EntityFormModal.tsx';
import { CodeText, DetailHeader } from '../../platform/DetailHeader.tsx';
import { LoadState } from '../../platform/LoadState.tsx';
import { EMPTY_CELL } from '../../platform/list/columns.tsx';
import { formatNumber } from '../../platform/list/format.ts';
import { usePermission } from '../../platform/usePermission.ts';
import { LevelsItem, levelsOf, type PackageInfo } from './PackageInfoList.tsx';

const LIST = routeHref('packageInfo');
const DETAIL = entityEndpoints(packageInfoEntity).detail;

type LevelRow = { level: number; name: string; quantity: number; below: string; total: number };

/** Each level with what it holds and, multiplied out, how many main units that is. */
function levelRows(p: Pick<PackageInfo, 'levels' | 'mainUnitName'>): LevelRow[] {
  let total = 1;
  return p.levels.map((l, i) => {
    total *= l.quantity;
    return { ...l, below: i === 0 ? (p.mainUnitName ?? '主单位') : p.levels[i - 1].name, total };
  });
}

/** /information/warehouse-info/package-detail/:id: a package's levels and the main units per package. */
export default function PackageDetail() {
  const can = usePermission();
  const [editing, setEditing] = useState(false);
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const query = useQuery({
    queryKey: [DETAIL.path, id],
    queryFn: ({ signal }) => call(DETAIL, { id }, { signal }),
    enabled: valid,
  });
  if (!valid) return <Result status="404" title="包装不存在" extra={<Link to={LIST}>返回包装列表</Link>} />;
  const p = query.data;
  const rows = p ? levelRows(p) : [];
  const unit = p?.mainUnitName ?? '';
  const columns: TableColumnsType<LevelRow> = [
    { key: 'level', dataIndex: 'level', title: '层级', width: 80, render: (v) => `第${v}层` },
    { key: 'name', dataIndex: 'name', title: '包装名称', width: 120 },
    {
      key: 'quantity',
      title: '每个包装含',
      width: 160,
      render: (_, r) => `${formatNumber(r.quantity)} ${r.below}`,
    },
    {
      key: 'total',
      title: '折合主单位数量',
      width: 160,
      align: 'right',
      render: (_, r) => `${formatNumber(r.total)} ${unit}`,
    },
  ];
  return (
    <Flex vertical gap={16}>
      <LoadState query={query} title="包装详情" />
      {p && (
        <>
          <DetailHeader
            backTo={LIST}
            backLabel="返回包装列表"
            title={p.name}
            extra={
              can('packageInfo', 'Modify') && (
                <Button icon={<EditOutlined />} onClick={() => setEditing(true)}>
                  修改
                </Button>
              )
            }
          >
            <CodeText label="包装编码" code={p.code ?? ''} />
          </DetailHeader>
          <Card variant="borderless" title="基本信息">
            <Descriptions column={{ xs: 1, md: 2, xl: 3 }} colon={false} styles={{ label: { width: 96 } }}>
              <Descriptions.Item label="物料编码">{p.materialCode}</Descriptions.Item>
              <Descriptions.Item label="物料名称">{p.materialName}</Descriptions.Item>
              <Descriptions.Item label="主单位">{p.mainUnitName ?? EMPTY_CELL}</Descriptions.Item>
              <Descriptions.Item label="包装层级">{p.levelText ?? EMPTY_CELL}</Descriptions.Item>
              <Descriptions.Item label="整包数量">
                <Typography.Text strong>
                  {p.totalQuantity === null ? EMPTY_CELL : `${formatNumber(p.totalQuantity)} ${unit}`}
                </Typography.Text>
              </Descriptions.Item>
              <Descriptions.Item label="备注">{String(p.remark ?? EMPTY_CELL)}</Descriptions.Item>
            </Descriptions>
          </Card>
          <Card variant="borderless" title="包装层级（由内向外）">
            <Flex vertical gap={24}>
              <Steps
                size="small"
                items={[
                  { title: unit || '主单位', content: '最小计量' },
                  ...rows.map((r) => ({
                    title: r.name,
                    content: `${formatNumber(r.quantity)} ${r.below} = ${formatNumber(r.total)} ${unit}`,
                  })),
                ]}
                current={rows.length}
                status="finish"
              />
              <Table<LevelRow>
                rowKey="level"
                size="middle"
                columns={columns}
                dataSource={rows}
                pagination={false}
              />
            </Flex>
          </Card>
          <EntityFormModal
            entity={packageInfoEntity}
            open={editing}
            mode="edit"
            source={p}
            extraItems={<LevelsItem />}
            extraValues={() => ({ levels: levelsOf(p) })}
            onClose={() => setEditing(false)}
            onSaved={() => {
              setEditing(false);
              void query.refetch();
            }}
          />
        </>
      )}
    </Flex>
  );
}
