import { FilterOutlined } from '@ant-design/icons';
import { equipmentEntity } from '@factory/shared/entities/equipment';
import { routeHref } from '@factory/shared/routes';
import { Flex, Tag, Tooltip } from 'antd';
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { CrudPage } from '../../platform/crud/CrudPage.tsx';
import { NameTags } from '../../platform/list/columns.tsx';
import type { ColumnOverride, RowAction } from '../../platform/list/types.ts';
import { usePermission } from '../../platform/usePermission.ts';
import { FaultReportModal } from './FaultReportModal.tsx';
import { type Equipment, useShowMineOnly } from './myEquipment.ts';

const detail = (e: Equipment) => routeHref('accountDetail', { id: e.id });
/** A new machine is production equipment and idle until someone says otherwise. */
const NEW_EQUIPMENT = { kind: 0, state: 0 };

/** /equipment/account/account-list: the equipment register (设备台账). */
export default function AccountList() {
  const navigate = useNavigate();
  const mineOnly = useShowMineOnly().data === true;
  const columns = useMemo<Partial<Record<string, ColumnOverride<Equipment>>>>(
    () => ({
      code: { render: (v, e) => <Link to={detail(e)}>{String(v)}</Link> },
      holderNames: { ellipsis: false, render: (v) => <NameTags value={v} /> },
    }),
    [],
  );
  const can = usePermission();
  const [reporting, setReporting] = useState<Equipment>();
  const rowActions: RowAction<Equipment>[] = [
    { key: 'detail', label: '详情', action: 'Detail', onClick: (e) => navigate(detail(e)) },
    {
      key: 'report',
      label: '报修',
      visible: (e) => e.isEnabled === 1 && can('equipmentFaultList', 'Add'),
      onClick: (e) => setReporting(e),
    },
  ];
  return (
    <>
      <CrudPage
        entity={equipmentEntity}
        suggestCode
        title={
          <Flex align="center" gap={8}>
            设备列表
            {mineOnly && (
              <Tooltip title="您开启了“仅显示我的设备”，列表只列出我的设备中的设备；可在个人中心的“我的设备”关闭">
                <Link to={routeHref('mineEquipment')}>
                  <Tag icon={<FilterOutlined />} color="processing" variant="filled">
                    仅显示我的设备
                  </Tag>
                </Link>
              </Tooltip>
            )}
          </Flex>
        }
        columns={columns}
        rowActions={rowActions}
        addValues={NEW_EQUIPMENT}
      />
      <FaultReportModal
        open={reporting !== undefined}
        machine={reporting}
        onClose={() => setReporting(undefined)}
      />
    </>
  );
}
