import { PlusOutlined } from '@ant-design/icons';
import { bomApi, materialsApi } from '@factory/shared/api/materials';
import { bomEntity } from '@factory/shared/entities/materials';
import { routeHref } from '@factory/shared/routes';
import { App, Form, Tag, Typography } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { AppModal } from '../../platform/AppModal.tsx';
import { downloadFile } from '../../platform/list/download.ts';
import { ImportWizard } from '../../platform/list/ImportWizard.tsx';
import { ListPage } from '../../platform/list/ListPage.tsx';
import { MaterialSelect } from '../../platform/list/RemoteSelect.tsx';
import type { ColumnOverride, ListPageHandle, RowAction, ToolbarAction } from '../../platform/list/types.ts';
import { bom } from './bomApi.ts';

type Product = { id: number; code: string; name: string; bomCount: number } & Record<string, unknown>;

const edit = (p: { id: number }) => routeHref('editBom', { id: p.id });

/**
 * Picks a product (成品 or 半成品): whose BOM to start (新增) or which one receives a copy.
 * A copy replaces what the target had, so the dialog says so.
 */
function ProductPicker({
  open,
  title,
  from,
  onClose,
  onPicked,
}: {
  open: boolean;
  title: string;
  from?: Product;
  onClose(): void;
  onPicked(id: number): Promise<void>;
}) {
  const [form] = Form.useForm<{ id: number }>();
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    let v: { id: number };
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    setBusy(true);
    try {
      await onPicked(v.id);
    } catch {
      // the request client has shown why
    } finally {
      setBusy(false);
    }
  };
  return (
    <AppModal
      open={open}
      title={title}
      width={560}
      okText="确定"
      cancelText="取消"
      confirmLoading={busy}
      onOk={submit}
      onCancel={onClose}
    >
      <Form form={form} layout="vertical" style={{ marginTop: 16 }}>
        {from && (
          <Form.Item label="复制来源">
            <Typography.Text>
              {from.code} {from.name}（{from.bomCount} 个子件）
            </Typography.Text>
          </Form.Item>
        )}
        <Form.Item
          name="id"
          label={from ? '复制到' : '产品'}
          rules={[{ required: true, message: '请选择产品' }]}
          extra={from ? '目标产品原有的BOM明细将被替换' : '只有成品和半成品可以建立BOM'}
        >
          <MaterialSelect
            endpoint={materialsApi.finished}
            placeholder="请选择产品"
            exclude={from ? [from.id] : undefined}
          />
        </Form.Item>
      </Form>
    </AppModal>
  );
}

/** /information/materials-info/materials-setting-list: the products and their bills of materials. */
export default function BomList() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const list = useRef<ListPageHandle>(null);
  const [picking, setPicking] = useState<{ mode: 'add' | 'copy'; from?: Product }>();
  const [importing, setImporting] = useState(false);
  const columns = useMemo<Partial<Record<string, ColumnOverride<Product>>>>(
    () => ({
      code: { render: (v, p) => <Link to={edit(p)}>{String(v)}</Link> },
      bomCount: {
        align: 'right',
        render: (v) =>
          Number(v) > 0 ? (
            String(v)
          ) : (
            <Tag variant="filled" color="warning" style={{ marginInlineEnd: 0 }}>
              未建立
            </Tag>
          ),
      },
    }),
    [],
  );
  const hasBom = (p: Product) => p.bomCount > 0;
  const rowActions: RowAction<Product>[] = [
    {
      key: 'edit',
      label: '编辑BOM',
      action: 'Modify',
      onClick: (p) => navigate(edit(p)),
    },
    {
      key: 'copy',
      label: '复制',
      action: 'Copy',
      visible: hasBom,
      onClick: (p) => setPicking({ mode: 'copy', from: p }),
    },
    {
      key: 'export',
      label: '导出',
      action: 'Export',
      visible: hasBom,
      onClick: (p) =>
        downloadFile(bomApi.export.path, { query: { id: p.id } }, `${p.code} ${p.name} BOM.xlsx`),
    },
    {
      key: 'delete',
      label: '删除',
      action: 'Del',
      danger: true,
      visible: hasBom,
      confirm: '您确定要删除吗?',
      success: '删除成功',
      onClick: (p) => bom.remove({ parentId: p.id }),
    },
  ];
  const toolbar: ToolbarAction[] = [
    {
      key: 'add',
      label: '新增BOM',
      action: 'Add',
      primary: true,
      icon: <PlusOutlined />,
      onClick: () => setPicking({ mode: 'add' }),
    },
  ];
  return (
    <>
      <ListPage
        ref={list}
        entity={bomEntity}
        routeName={bomEntity.route}
        endpoint={bomApi.listPage}
        title="物料清单（BOM）"
        columns={columns}
        rowActions={rowActions}
        toolbar={toolbar}
        onImport={() => setImporting(true)}
      />
      <ImportWizard
        open={importing}
        entityLabel="BOM明细"
        importPath={bomApi.import.path}
        templatePath={bomApi.importTemplate.path}
        errorsPath={bomApi.importErrors.path}
        onClose={() => setImporting(false)}
        onDone={() => {
          setImporting(false);
          list.current?.reload();
        }}
      />
      <ProductPicker
        open={!!picking}
        title={picking?.mode === 'copy' ? '复制BOM' : '新增BOM'}
        from={picking?.from}
        onClose={() => setPicking(undefined)}
        onPicked={async (id) => {
          if (picking?.mode === 'copy' && picking.from) {
            await bom.copy({ fromId: picking.from.id, toId: id });
            message.success('复制成功');
          }
          setPicking(undefined);
          navigate(edit({ id }));
        }}
      />
    </>
  );
}
