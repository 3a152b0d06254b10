import { ClusterOutlined } from '@ant-design/icons';
import { equipmentClassEntity } from '@factory/shared/entities/equipment';
import { Space } from 'antd';
import { TreePage } from '../../platform/crud/TreePage.tsx';

/** /equipment/equipment-setting/equipment-class: the class tree equipment is filed under. */
export default function EquipmentClassTree() {
  return (
    <TreePage
      entity={equipmentClassEntity}
      title={
        <Space>
          <ClusterOutlined />
          设备分类
        </Space>
      }
      hint="分类可逐级细分（如 生产设备 → 绕线机 → 立式绕线机）；设备台账按分类归档，报表按分类筛选。"
      addLabel="新增一级分类"
      suggestCode
      order="+sort"
      rootValues={{ sort: 0 }}
      childValues={(p) => ({ parentId: p.id, parentName: p.name, sort: 0 })}
    />
  );
}
