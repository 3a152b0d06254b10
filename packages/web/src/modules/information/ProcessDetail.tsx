import {
  ArrowLeftOutlined,
  CopyOutlined,
  CrownOutlined,
  DeleteOutlined,
  DownOutlined,
  EditOutlined,
  FileAddOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import { VERSION_NAME_MAX } from '@factory/shared/api/processFlow';
import { processFlowEntity } from '@factory/shared/entities/processFlow';
import { enableStatus } from '@factory/shared/enums';
import { routeHref } from '@factory/shared/routes';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Descriptions,
  Dropdown,
  Flex,
  Form,
  Input,
  Result,
  Space,
  Tabs,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { AppModal } from '../../platform/AppModal.tsx';
import { call } from '../../platform/call.ts';
import { EntityFormModal } from '../../platform/crud/EntityFormModal.tsx';
import { useEntityDecl } from '../../platform/crud/useEntityDecl.ts';
import { LoadState } from '../../platform/LoadState.tsx';
import { EMPTY_CELL, EnumCell } from '../../platform/list/columns.tsx';
import { showFieldErrors } from '../../platform/list/formRules.ts';
import { usePermission } from '../../platform/usePermission.ts';
import { useSubmit } from '../../platform/useSubmit.ts';
import { BomListEditor, BomRelationView } from './ProcessBomViews.tsx';
import { ProcessStepsEditor } from './ProcessStepsEditor.tsx';
import {
  flowDetail,
  flowKey,
  flows,
  relationKey,
  type VersionSummary,
  versionKey,
} from './processFlowApi.ts';

const LIST = routeHref('processList');
const ROUTE = processFlowEntity.route;

/** The name dialog of 新建版本 (blank or a copy of the open version) and 重命名. */
type NameDialog = { kind: 'blank' | 'copy' | 'rename'; version: VersionSummary };

function VersionNameModal({
  dialog,
  flowId,
  onClose,
  onDone,
}: {
  dialog?: NameDialog;
  flowId: number;
  onClose(): void;
  onDone(v: VersionSummary): void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ name?: string }>();
  const { saving, run } = useSubmit();
  const rename = dialog?.kind === 'rename';
  const submit = async () => {
    if (!dialog) return;
    const v = await form.validateFields().catch(() => undefined);
    if (!v) return;
    await run(async () => {
      const name = v.name?.trim() || undefined;
      try {
        const saved = rename
          ? // the form requires a name when renaming
            await flows.renameVersion({ id: dialog.version.id, name: name ?? '' })
          : await flows.addVersion({
              flowId,
              name,
              ...(dialog.kind === 'copy' ? { copyFromId: dialog.version.id } : {}),
            });
        message.success(rename ? '修改成功' : '新增成功');
        onDone(saved);
      } catch (err) {
        showFieldErrors(form, err, ['name']);
        throw err;
      }
    });
  };
  const title = !dialog
    ? ''
    : rename
      ? `重命名版本 — ${dialog.version.name}`
      : dialog.kind === 'copy'
        ? `新建版本（复制 ${dialog.version.name}）`
        : '新建空白版本';
  return (
    <AppModal
      open={!!dialog}
      width={480}
      title={title}
      okText="确定"
      cancelText="取消"
      confirmLoading={saving}
      onOk={submit}
      onCancel={onClose}
    >
      <Form
        form={form}
        layout="vertical"
        style={{ marginTop: 16 }}
        initialValues={{ name: rename ? dialog?.version.name : undefined }}
      >
        <Form.Item
          name="name"
          label="版本名称"
          rules={rename ? [{ required: true, whitespace: true, message: '请输入版本名称' }] : []}
          extra={
            rename ? '同一工艺路线内版本名称不能重复' : '留空则自动命名为下一个 V 编号；新版本不是主版本'
          }
        >
          <Input maxLength={VERSION_NAME_MAX} placeholder="请输入版本名称" autoFocus />
        </Form.Item>
      </Form>
    </AppModal>
  );
}

/** The open version: its steps, its BOM list view and its BOM relation view. */
function VersionPanel({ versionId, onChanged }: { versionId: number; onChanged(): void }) {
  const client = useQueryClient();
  const can = usePermission();
  const query = useQuery({
    queryKey: versionKey(versionId),
    queryFn: ({ signal }) => flows.versionDetail({ id: versionId }, { signal }),
  });
  const v = query.data;
  const saved = () => {
    void client.invalidateQueries({ queryKey: versionKey(versionId) });
    void client.invalidateQueries({ queryKey: relationKey(versionId) });
    onChanged();
  };
  const editable = can(ROUTE, 'Modify');
  return (
    <>
      <LoadState query={query} title="版本" rows={6} />
      {v && (
        <Tabs
          size="small"
          items={[
            {
              key: 'steps',
              label: `工序（${v.steps.length}）`,
              children: <ProcessStepsEditor version={v} editable={editable} onSaved={saved} />,
            },
            {
              key: 'bomList',
              label: `BOM清单视图（${v.materials.length}）`,
              children: (
                <BomListEditor
                  version={v}
                  editable={editable}
                  exportable={can(ROUTE, 'Export')}
                  onSaved={saved}
                />
              ),
            },
            { key: 'bomRelation', label: 'BOM关系视图', children: <BomRelationView version={v} /> },
          ]}
        />
      )}
    </>
  );
}

/** /information/factory-info/process-detail/:id: a flow's header and its versions. */
export default function ProcessDetail() {
  const navigate = useNavigate();
  const client = useQueryClient();
  const { message, modal } = App.useApp();
  const can = usePermission();
  const decl = useEntityDecl(processFlowEntity);
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const [params, setParams] = useSearchParams();
  const [naming, setNaming] = useState<NameDialog>();
  const [editing, setEditing] = useState(false);
  const query = useQuery({
    queryKey: flowKey(id),
    queryFn: ({ signal }) => call(flowDetail, { id }, { signal }),
    enabled: valid,
  });
  if (!valid)
    return <Result status="404" title="工艺路线不存在" extra={<Link to={LIST}>返回工艺路线列表</Link>} />;
  const flow = query.data;
  const versions = flow?.versionList ?? [];
  const chosen = Number(params.get('version'));
  const open = versions.find((v) => v.id === chosen) ?? versions.find((v) => v.isMain) ?? versions[0];
  const show = (versionId: number) => setParams({ version: String(versionId) }, { replace: true });
  const reload = () => client.invalidateQueries({ queryKey: flowKey(id) });
  const modify = can(ROUTE, 'Modify');

  const generate = async () => {
    try {
      const v = await flows.generateVersion({ id });
      message.success(`已生成 ${v.name}（复制主版本）`);
      await reload();
      show(v.id);
    } catch {
      // the request client has shown why
    }
  };
  const setMain = (v: VersionSummary) =>
    modal.confirm({
      title: '提示',
      content: `确定把“${v.name}”设为主版本吗？此后的生产计划与工单按主版本的工序执行。`,
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        await flows.setMain({ id: v.id });
        message.success('设置成功');
        await reload();
      },
    });
  const remove = (v: VersionSummary) =>
    modal.confirm({
      title: '提示',
      content: `您确定要删除吗? 版本“${v.name}”的工序与物料清单一并删除。`,
      okText: '确定',
      cancelText: '取消',
      okButtonProps: { danger: true },
      onOk: async () => {
        await flows.deleteVersion({ id: v.id });
        message.success('删除成功');
        setParams({}, { replace: true });
        await reload();
      },
    });

  const actions = open && (
    <Space wrap>
      {modify && (
        <Dropdown
          menu={{
            items: [
              { key: 'generate', icon: <CopyOutlined />, label: '复制主版本（自动命名）' },
              { key: 'copy', icon: <CopyOutlined />, label: `复制当前版本（${open.name}）…` },
              { key: 'blank', icon: <FileAddOutlined />, label: '空白版本…' },
            ],
            onClick: ({ key }) =>
              key === 'generate'
                ? void generate()
                : setNaming({ kind: key as 'copy' | 'blank', version: open }),
          }}
        >
          <Button type="primary" icon={<PlusOutlined />}>
            新建版本 <DownOutlined />
          </Button>
        </Dropdown>
      )}
      {modify && (
        <Button icon={<EditOutlined />} onClick={() => setNaming({ kind: 'rename', version: open })}>
          重命名
        </Button>
      )}
      {can(ROUTE, 'SetMainVersion') && !open.isMain && (
        <Button icon={<CrownOutlined />} onClick={() => setMain(open)}>
          设为主版本
        </Button>
      )}
      {modify && (
        <Tooltip title={open.isMain ? '主版本不能删除，请先把其他版本设为主版本' : undefined}>
          <Button danger icon={<DeleteOutlined />} disabled={open.isMain} onClick={() => remove(open)}>
            删除版本
          </Button>
        </Tooltip>
      )}
    </Space>
  );

  return (
    <Flex vertical gap={16}>
      <LoadState query={query} title="工艺路线" rows={3} />
      {flow && (
        <>
          <Card variant="borderless">
            <Flex align="center" justify="space-between" gap={12} wrap style={{ marginBottom: 12 }}>
              <Flex align="center" gap={12}>
                <Button
                  type="text"
                  icon={<ArrowLeftOutlined />}
                  aria-label="返回工艺路线列表"
                  onClick={() => navigate(LIST)}
                />
                <Typography.Title level={4} style={{ margin: 0 }}>
                  {flow.name}
                </Typography.Title>
                <EnumCell value={flow.isEnabled} enumDecl={enableStatus} />
              </Flex>
              {modify && decl && (
                <Button icon={<EditOutlined />} onClick={() => setEditing(true)}>
                  修改
                </Button>
              )}
            </Flex>
            <Descriptions column={{ xs: 1, md: 2, xl: 4 }} colon={false} styles={{ label: { width: 88 } }}>
              <Descriptions.Item label="编码">
                <Typography.Text copyable>{flow.code}</Typography.Text>
              </Descriptions.Item>
              <Descriptions.Item label="产品">
                {flow.materialId === null ? (
                  flow.materialName
                ) : (
                  <Link to={routeHref('materialsDetail', { id: flow.materialId })}>{flow.materialName}</Link>
                )}
              </Descriptions.Item>
              <Descriptions.Item label="产品编码">{flow.materialCode ?? EMPTY_CELL}</Descriptions.Item>
              <Descriptions.Item label="规格型号">{flow.specifications ?? EMPTY_CELL}</Descriptions.Item>
              <Descriptions.Item label="分类">{flow.className ?? EMPTY_CELL}</Descriptions.Item>
              <Descriptions.Item label="主版本">{flow.mainVersionName ?? EMPTY_CELL}</Descriptions.Item>
              <Descriptions.Item label="版本数">{flow.versionCount}</Descriptions.Item>
              <Descriptions.Item label="备注">{flow.remark ?? EMPTY_CELL}</Descriptions.Item>
            </Descriptions>
          </Card>
          <Card variant="borderless">
            <Tabs
              type="card"
              activeKey={open ? String(open.id) : undefined}
              onChange={(key) => show(Number(key))}
              tabBarExtraContent={actions}
              items={versions.map((v) => ({
                key: String(v.id),
                label: (
                  <Space size={6}>
                    {v.name}
                    {v.isMain && (
                      <Tag
                        color="gold"
                        variant="filled"
                        icon={<CrownOutlined />}
                        style={{ marginInlineEnd: 0 }}
                      >
                        主版本
                      </Tag>
                    )}
                  </Space>
                ),
                children:
                  v.id === open?.id ? (
                    <VersionPanel versionId={v.id} onChanged={() => void reload()} />
                  ) : null,
              }))}
            />
          </Card>
          <VersionNameModal
            dialog={naming}
            flowId={flow.id}
            onClose={() => setNaming(undefined)}
            onDone={async (v) => {
              setNaming(undefined);
              await reload();
              show(v.id);
            }}
          />
          {decl && (
            <EntityFormModal
              entity={decl}
              open={editing}
              mode="edit"
              source={flow}
              onClose={() => setEditing(false)}
              onSaved={() => {
                setEditing(false);
                void reload();
              }}
            />
          )}
        </>
      )}
    </Flex>
  );
}
