import { ClusterOutlined } from '@ant-design/icons';
import { materialsClassEntity } from '@factory/shared/entities/materials';
import { Space } from 'antd';
import { TreePage } from '../../platform/crud/TreePage.tsx';

/** /information/materials-info/materials-class: the class tree materials are filed under. */
export default function MaterialsClassTree() {
  return (
    <TreePage
      entity={materialsClassEntity}
      title={
        <Space>
          <ClusterOutlined />
          物料分类
        </Space>
      }
      hint="分类可逐级细分（如 原材料 → 金属材料 → 铜材）；物料归入某一分类，按分类查询与统计。"
      addLabel="新增一级分类"
      suggestCode
      order="+sort"
      rootValues={{ sort: 0 }}
      childValues={(p) => ({ parentId: p.id, parentName: p.name, sort: 0 })}
    />
  );
}
