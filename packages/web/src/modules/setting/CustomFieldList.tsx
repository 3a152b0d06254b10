import { customFieldEntity } from '@factory/shared/entities/fieldSetting';
import { useQueryClient } from '@tanstack/react-query';
import { Space, Typography } from 'antd';
import { CrudPage } from '../../platform/crud/CrudPage.tsx';
import { CUSTOM_FIELDS_KEY } from '../../platform/crud/useEntityDecl.ts';

/**
 * /setting/system-setting-info/field-setting: fields a tenant adds to its records (spec 001 §9
 * types); they appear in that record's list, search, form, import and export.
 */
export default function CustomFieldList() {
  const client = useQueryClient();
  return (
    <CrudPage
      entity={customFieldEntity}
      title={
        <Space size={12}>
          自定义字段
          <Typography.Text type="secondary" style={{ fontSize: 13, fontWeight: 'normal' }}>
            新增的字段出现在对应页面的列表、查询、表单与导入导出中；类型创建后不能修改
          </Typography.Text>
        </Space>
      }
      columns={{ key: { render: (v) => <Typography.Text code>{String(v)}</Typography.Text> } }}
      onChanged={() => void client.invalidateQueries({ queryKey: CUSTOM_FIELDS_KEY })}
    />
  );
}
