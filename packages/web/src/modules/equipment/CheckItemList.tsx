import { checkItemEntity } from '@factory/shared/entities/equipmentTask';
import { checkKind } from '@factory/shared/enums';
import { Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { CrudPage } from '../../platform/crud/CrudPage.tsx';

const ALL = 'all';

/**
 * /equipment/equipment-setting/project-setting: the check items (点巡检项目) of the three kinds —
 * 点检, 巡检, 保养 — one tab each; a new item in a kind's tab starts as that kind.
 */
export default function CheckItemList() {
  const [params, setParams] = useSearchParams();
  const tab = params.get('kind') ?? ALL;
  const kind = tab === ALL ? undefined : Number(tab);
  return (
    <Tabs
      activeKey={tab}
      destroyOnHidden
      onChange={(key) => setParams(key === ALL ? {} : { kind: key })}
      items={[{ value: ALL, label: '全部' }, ...checkKind.options].map((o) => ({
        key: String(o.value),
        label: o.label,
        children: (
          <CrudPage
            entity={checkItemEntity}
            title="点巡检项目"
            urlState={false}
            prefsKey="checkItem"
            fixedFilters={
              kind === undefined ? undefined : [{ fieldName: 'kind', operator: 'eq', fieldValue: kind }]
            }
            addValues={kind === undefined ? undefined : { kind }}
          />
        ),
      }))}
    />
  );
}
