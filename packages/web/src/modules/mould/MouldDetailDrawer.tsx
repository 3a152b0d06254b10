import { mouldApi } from '@factory/shared/api/mould';
import { mouldHandleEntity } from '@factory/shared/entities/mould';
import { mouldStatus } from '@factory/shared/enums';
import { hasAnyKey } from '@factory/shared/permissions';
import { useQuery } from '@tanstack/react-query';
import { Descriptions, Drawer, Table, Typography } from 'antd';
import { call } from '../../platform/call.ts';
import { ListPage } from '../../platform/list/ListPage.tsx';
import { StateTag } from '../../platform/machine/StateTags.tsx';
import { permissionSet, useSession } from '../../platform/session.ts';
import { HANDLES } from './mouldParts.ts';

/** What the drawer shows of a mould: the fields both mould lists carry. */
export interface MouldSummary {
  id: number;
  code?: string | null;
  name?: string | null;
  status?: number | null;
  cavities?: number | null;
  designLife?: number | null;
  usedShots?: number | null;
  warnPct?: number | null;
  currentAreaName?: string | null;
  currentEquipmentName?: string | null;
  locationName?: string | null;
}

/**
 * 详情 of a mould: its counter and place, the shots report work put on it, newest first (a
 * withdrawn report's shots are negative), and its handling documents for those who may see them.
 */
export function MouldDetailDrawer({ mould, onClose }: { mould?: MouldSummary; onClose(): void }) {
  const user = useSession((s) => s.user);
  const seesHandles = hasAnyKey({ userName: user?.userName ?? '', permissions: permissionSet(user) }, [
    'mouldStock',
  ]);
  const shots = useQuery({
    queryKey: ['mouldShots', mould?.id],
    queryFn: () => call(mouldApi.shots, { id: mould?.id ?? 0 }),
    enabled: !!mould,
  });
  return (
    <Drawer
      open={!!mould}
      onClose={onClose}
      width={760}
      title={mould ? `模具详情 — ${mould.code ?? ''} ${mould.name ?? ''}` : '模具详情'}
    >
      {mould && (
        <>
          <Descriptions column={2} size="small" bordered>
            <Descriptions.Item label="模具状态">
              <StateTag value={mould.status} enumDecl={mouldStatus} />
            </Descriptions.Item>
            <Descriptions.Item label="穴数">{mould.cavities}</Descriptions.Item>
            <Descriptions.Item label="已用模次">{mould.usedShots ?? 0}</Descriptions.Item>
            <Descriptions.Item label="设计寿命(模次)">{mould.designLife}</Descriptions.Item>
            <Descriptions.Item label="预警比例(%)">{mould.warnPct ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="存放库位">{mould.locationName ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="当前产线">{mould.currentAreaName ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="当前设备">{mould.currentEquipmentName ?? '—'}</Descriptions.Item>
          </Descriptions>
          <Typography.Title level={5} style={{ marginTop: 24 }}>
            模次记录
          </Typography.Title>
          <Table
            size="small"
            rowKey="id"
            loading={shots.isLoading}
            dataSource={shots.data ?? []}
            pagination={{ pageSize: 20, hideOnSinglePage: true }}
            columns={[
              { title: '报工单号', dataIndex: 'reportCode', width: 160 },
              { title: '工单编号', dataIndex: 'workOrderCode', width: 160 },
              { title: '产线', dataIndex: 'areaName', width: 110 },
              { title: '报工数量', dataIndex: 'quantity', width: 90 },
              { title: '模次', dataIndex: 'shots', width: 100 },
              { title: '时间', dataIndex: 'createdAt', width: 170 },
            ]}
          />
          {seesHandles && (
            <>
              <Typography.Title level={5} style={{ marginTop: 24 }}>
                处理记录
              </Typography.Title>
              <ListPage
                entity={mouldHandleEntity}
                routeName={mouldHandleEntity.route}
                endpoint={HANDLES.listPage}
                prefsKey="mouldDetailHandles"
                urlState={false}
                search={false}
                fixedFilters={[{ fieldName: 'mouldId', operator: 'eq', fieldValue: mould.id }]}
              />
            </>
          )}
        </>
      )}
    </Drawer>
  );
}
