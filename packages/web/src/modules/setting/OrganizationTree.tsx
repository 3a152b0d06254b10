import { ApartmentOutlined } from '@ant-design/icons';
import { organizationEntity } from '@factory/shared/entities/setting';
import { organizationLevel } from '@factory/shared/enums';
import { Space } from 'antd';
import { TreePage } from '../../platform/crud/TreePage.tsx';

/** The deepest level, a production line, has no children. */
const LAST_LEVEL = 2;

/** /setting/user-info/organization: factory → workshop → production line (spec 001 §9). */
export default function OrganizationTree() {
  return (
    <TreePage
      entity={organizationEntity}
      title={
        <Space>
          <ApartmentOutlined />
          组织架构
        </Space>
      }
      hint="工厂下设车间，车间下设产线；用户归属某一组织，产线可关联所属车间。"
      addLabel="新增工厂"
      suggestCode
      order="+sort"
      childAction={(o) =>
        (o.level ?? 0) < LAST_LEVEL ? `新增${organizationLevel.label((o.level ?? 0) + 1)}` : undefined
      }
      rootValues={{ level: 0, sort: 0 }}
      childValues={(p) => ({ level: (p.level ?? 0) + 1, parentId: p.id, parentName: p.name, sort: 0 })}
    />
  );
}
