import type { FilterItem } from '@factory/shared/api/list';
import type { FieldDecl } from '@factory/shared/entities/define';
import { equipmentEntity } from '@factory/shared/entities/equipment';
import { equipmentRepairEntity } from '@factory/shared/entities/equipmentRepair';
import { taskEntities } from '@factory/shared/entities/equipmentTask';
import { enableStatus, equipmentKind, equipmentState, machineState, runType } from '@factory/shared/enums';
import { TASK_KINDS } from '@factory/shared/machines/equipmentTask';
import { routeHref } from '@factory/shared/routes';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Flex, Result, Tabs, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { call } from '../../platform/call.ts';
import { CrudPage } from '../../platform/crud/CrudPage.tsx';
import { useEntityDecl } from '../../platform/crud/useEntityDecl.ts';
import { CodeText, DetailHeader } from '../../platform/DetailHeader.tsx';
import { LoadState } from '../../platform/LoadState.tsx';
import { cellOf, EMPTY_CELL, EnumCell } from '../../platform/list/columns.tsx';
import { usePermission } from '../../platform/usePermission.ts';
import { billDeletable, billFormItems } from './BillList.tsx';
import { FaultReportModal } from './FaultReportModal.tsx';
import { EQUIPMENT } from './myEquipment.ts';
import { ParamTrend } from './ParamTrend.tsx';
import { PartUsageTable, usePartUsages } from './PartUsages.tsx';
import { RunStateCard } from './RunState.tsx';
import { repairHref } from './repairParts.ts';
import { billHref } from './TaskParts.ts';

const LIST = routeHref('accountList');
/** Shown in the heading or a section of their own, not among the plain fields. */
const APART = new Set([
  'id',
  'code',
  'name',
  'state',
  'runType',
  'machineState',
  'runHours',
  'isEnabled',
  'kind',
  'holderNames',
]);

/** /equipment/account/account-detail/:id: a machine's fields, custom fields, who looks after it, its repairs and readings. */
export default function AccountDetail() {
  const decl = useEntityDecl(equipmentEntity);
  const can = usePermission();
  const [reporting, setReporting] = useState(false);
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const query = useQuery({
    queryKey: [EQUIPMENT.detail.path, id],
    queryFn: ({ signal }) => call(EQUIPMENT.detail, { id }, { signal }),
    enabled: valid,
  });
  if (!valid) return <Result status="404" title="设备不存在" extra={<Link to={LIST}>返回设备台账</Link>} />;
  const e = query.data;
  const fields: [string, FieldDecl][] = Object.entries(decl?.fields ?? equipmentEntity.fields).filter(
    ([key]) => !APART.has(key),
  );
  /** Custom fields live in the row's `custom`. */
  const byKey: Record<string, unknown> | undefined = e;
  const fieldValue = (key: string, f: FieldDecl) => (f.custom ? e?.custom[key] : byKey?.[key]);
  return (
    <Flex vertical gap={16}>
      <LoadState query={query} title="设备详情" />
      {e && (
        <>
          <DetailHeader
            backTo={LIST}
            backLabel="返回设备台账"
            title={e.name}
            extra={
              <Flex gap={8} align="center">
                <CodeText label="设备编码" code={e.code ?? ''} />
                {e.isEnabled === 1 && can('equipmentFaultList', 'Add') && (
                  <Button onClick={() => setReporting(true)}>报修</Button>
                )}
              </Flex>
            }
          >
            <Tag variant="filled">{equipmentKind.label(e.kind)}</Tag>
            <EnumCell value={e.state} enumDecl={equipmentState} />
            <EnumCell value={e.runType} enumDecl={runType} />
            {e.machineState !== null && <EnumCell value={e.machineState} enumDecl={machineState} />}
            {e.isEnabled === 0 && <EnumCell value={e.isEnabled} enumDecl={enableStatus} />}
          </DetailHeader>
          <Card variant="borderless" title="基本信息">
            <Descriptions column={{ xs: 1, md: 2, xl: 3 }} colon={false} styles={{ label: { width: 96 } }}>
              {fields.map(([key, f]) => {
                const v = fieldValue(key, f);
                return (
                  <Descriptions.Item key={key} label={f.label}>
                    {v === null || v === undefined || v === '' ? EMPTY_CELL : cellOf(f)(v)}
                  </Descriptions.Item>
                );
              })}
            </Descriptions>
          </Card>
          <RunStateCard equipment={e} />
          <Card variant="borderless" title="负责人">
            {e.holderNames ? (
              <Flex wrap gap={8}>
                {e.holderNames.split('、').map((n, i) => (
                  // names may repeat (two 王芳): the position keeps keys apart
                  // biome-ignore lint/suspicious/noArrayIndexKey: the list never reorders while shown
                  <Tag key={`${n}-${i}`} color="processing" variant="filled">
                    {n}
                  </Tag>
                ))}
              </Flex>
            ) : (
              <Typography.Text type="secondary">
                还没有人把这台设备加入“我的设备”；可在用户管理的“设置设备”中指定
              </Typography.Text>
            )}
          </Card>
          <AccountHistory equipmentId={e.id} name={e.name ?? ''} />
          <FaultReportModal open={reporting} machine={e} onClose={() => setReporting(false)} />
        </>
      )}
    </Flex>
  );
}

/** What happened to the machine: its repairs, check and upkeep tasks, spare parts, and readings over time. */
function AccountHistory({ equipmentId, name }: { equipmentId: number; name: string }) {
  const can = usePermission();
  const navigate = useNavigate();
  const parts = usePartUsages({ equipmentId });
  const mine = useMemo<FilterItem[]>(
    () => [{ fieldName: 'equipmentId', fieldType: 'integer', operator: 'eq', fieldValue: equipmentId }],
    [equipmentId],
  );
  const items = [
    ...(can('equipmentRepairList', 'Detail')
      ? [
          {
            key: 'repairs',
            label: '维修记录',
            children: (
              <CrudPage
                entity={equipmentRepairEntity}
                title="维修记录"
                fixedFilters={mine}
                urlState={false}
                search={false}
                prefsKey="accountDetailRepairs"
                columns={{ equipmentName: { list: false }, equipmentCode: { list: false } }}
                rowActions={[
                  { key: 'detail', label: '详情', action: 'Detail', onClick: (r) => navigate(repairHref(r)) },
                ]}
              />
            ),
          },
        ]
      : []),
    ...TASK_KINDS.filter((k) => can(k.route, 'Detail')).map((k) => ({
      key: k.route,
      label: k.label.replace('工单', '记录'),
      children: (
        <CrudPage
          entity={taskEntities[k.kind]}
          title={k.label}
          fixedFilters={mine}
          urlState={false}
          search={false}
          prefsKey={`accountDetail${k.name}`}
          addValues={{ equipmentId, equipmentName: name }}
          formItems={() => billFormItems(k.kind)}
          canDelete={billDeletable}
          columns={{ equipmentName: { list: false }, equipmentCode: { list: false } }}
          rowActions={[
            {
              key: 'detail',
              label: '详情',
              action: 'Detail',
              onClick: (t) => navigate(billHref(k.kind, t.id)),
            },
          ]}
        />
      ),
    })),
    ...(parts.allowed
      ? [
          {
            key: 'parts',
            label: '备件更换',
            children: <PartUsageTable rows={parts.rows} omit={['equipment']} />,
          },
        ]
      : []),
    { key: 'trend', label: '参数趋势', children: <ParamTrend equipmentId={equipmentId} /> },
  ];
  return (
    <Card variant="borderless">
      <Tabs items={items} />
    </Card>
  );
}
