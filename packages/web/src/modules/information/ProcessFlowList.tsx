import { DeleteOutlined, PartitionOutlined } from '@ant-design/icons';
import { processFlowClassEntity, processFlowEntity } from '@factory/shared/entities/processFlow';
import { routeHref } from '@factory/shared/routes';
import { Alert, Col, Form, Input, Tag, Tooltip, Typography } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { AppDrawer } from '../../platform/AppModal.tsx';
import { CrudPage } from '../../platform/crud/CrudPage.tsx';
import { EMPTY_CELL } from '../../platform/list/columns.tsx';
import type { BatchAction, ColumnOverride, ListPageHandle, RowAction } from '../../platform/list/types.ts';
import { type Flow, flows } from './processFlowApi.ts';

/** 分类管理: the flow classes, kept beside the flows (they have no page of their own). */
function ClassDrawer({ open, onClose, onChanged }: { open: boolean; onClose(): void; onChanged(): void }) {
  return (
    <AppDrawer open={open} size={860} title="工艺路线分类" onClose={onClose}>
      <CrudPage
        entity={processFlowClassEntity}
        suggestCode
        urlState={false}
        prefsKey="processFlowClass"
        onChanged={onChanged}
      />
    </AppDrawer>
  );
}

/** /information/factory-info/process-list: process flows, their main version and classes. */
export default function ProcessFlowList() {
  const navigate = useNavigate();
  const list = useRef<ListPageHandle>(null);
  const [classes, setClasses] = useState(false);
  const open = (f: Flow) => navigate(routeHref('processDetail', { id: f.id }));

  const columns = useMemo<Partial<Record<string, ColumnOverride<Flow>>>>(
    () => ({
      name: {
        render: (_, f) => <Link to={routeHref('processDetail', { id: f.id })}>{f.name}</Link>,
      },
      mainVersionName: {
        render: (v, f) =>
          v ? (
            <Tooltip title={f.versionList.map((x) => `${x.name}（${x.stepCount} 道工序）`).join('、')}>
              <Tag color="blue" variant="filled">
                {String(v)}
              </Tag>
            </Tooltip>
          ) : (
            EMPTY_CELL
          ),
      },
    }),
    [],
  );
  const rowActions: RowAction<Flow>[] = [{ key: 'detail', label: '详情', action: 'Detail', onClick: open }];
  const batchActions: BatchAction<Flow>[] = [
    {
      key: 'batchDelete',
      label: '批量删除',
      action: 'Del',
      danger: true,
      icon: <DeleteOutlined />,
      confirm: (rows) => `您确定要删除选中的 ${rows.length} 条工艺路线吗? 其版本、工序与物料一并删除。`,
      success: '删除成功',
      onClick: (rows) => flows.batchDelete({ ids: rows.map((r) => r.id) }),
    },
  ];

  return (
    <>
      <CrudPage
        ref={list}
        entity={processFlowEntity}
        suggestCode
        columns={columns}
        rowActions={rowActions}
        batchActions={batchActions}
        maxRowActions={4}
        toolbar={[
          {
            key: 'classes',
            label: '分类管理',
            icon: <PartitionOutlined />,
            onClick: () => setClasses(true),
          },
        ]}
        formItems={(f, mode) => (
          <Col xs={24}>
            {mode === 'copy' && f ? (
              <>
                <Form.Item name="copyFromId" hidden>
                  <Input />
                </Form.Item>
                <Alert
                  type="info"
                  showIcon
                  style={{ marginBottom: 16 }}
                  title={`新工艺路线的 V1 将带上“${f.name ?? ''}”主版本（${f.mainVersionName ?? ''}）的工序、产线、工位与物料。`}
                />
              </>
            ) : (
              mode === 'add' && (
                <Typography.Paragraph type="secondary">
                  保存后自动建立主版本 V1，请在详情中维护其工序与物料。
                </Typography.Paragraph>
              )
            )}
          </Col>
        )}
        formValues={(f, mode) => (mode === 'copy' ? { copyFromId: f.id } : {})}
      />
      <ClassDrawer
        open={classes}
        onClose={() => setClasses(false)}
        onChanged={() => list.current?.reload()}
      />
    </>
  );
}
