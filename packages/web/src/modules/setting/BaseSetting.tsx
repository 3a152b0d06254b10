import { DeleteOutlined, PlusOutlined, UndoOutlined } from '@ant-design/icons';
import { basicConfigDecl } from '@factory/shared/api/basicConfig';
import { PAGE_SIZES } from '@factory/shared/api/list';
import {
  App,
  Button,
  Card,
  Col,
  ColorPicker,
  Flex,
  Form,
  type FormListFieldData,
  Input,
  InputNumber,
  Pagination,
  Row,
  Select,
  Table,
  Tag,
  Typography,
  theme,
} from 'antd';
import type { Color } from 'antd/es/color-picker';
import { useMemo } from 'react';
import { FormSaveBar } from '../../platform/FormSaveBar.tsx';
import { LoadState } from '../../platform/LoadState.tsx';
import { useHasPage } from '../../platform/pages.ts';
import { usePermission } from '../../platform/usePermission.ts';
import { useSubmit } from '../../platform/useSubmit.ts';
import RouterCodeTree, { canonicalCodes } from './RouterCodeTree.tsx';
import { showFieldErrors, useBasicConfig } from './useBasicConfig.ts';

const { Text } = Typography;

const CODES = ['page_size_config', 'plan_config', 'base_router'] as const;
type Code = (typeof CODES)[number];

interface Priority {
  value: number | null;
  label: string;
  color: string;
}

interface Values {
  page_size_config: string[];
  plan_config: Priority[];
  base_router: string[];
}

const MAX_PAGE_SIZES = 10;
const MAX_PRIORITIES = 20;
const DEFAULT_COLOR = '#8c8c8c';

function parseList(json: string | undefined): unknown[] {
  try {
    const v: unknown = JSON.parse(json ?? '');
    return Array.isArray(v) ? v : [];
  } catch {
    return [];
  }
}

function fromServer(values: Record<string, string>): Values {
  return {
    page_size_config: parseList(values.page_size_config).map(String),
    plan_config: parseList(values.plan_config).map((p) => {
      // a stored item is read field by field: what is missing or mistyped takes its default
      const item: Record<string, unknown> = p && typeof p === 'object' ? { ...p } : {};
      return {
        value: typeof item.value === 'number' ? item.value : null,
        label: typeof item.label === 'string' ? item.label : '',
        color: typeof item.color === 'string' ? item.color : DEFAULT_COLOR,
      };
    }),
    base_router: parseList(values.base_router).filter((c): c is string => typeof c === 'string'),
  };
}

/** The stored text of each code; equal text means unchanged, so only real edits are sent. */
const toServer = (v: Values): Record<Code, string> => ({
  page_size_config: JSON.stringify(v.page_size_config.map(Number)),
  plan_config: JSON.stringify(
    v.plan_config.map((p) => ({ value: p.value, label: p.label.trim(), color: p.color })),
  ),
  base_router: JSON.stringify(canonicalCodes(v.base_router)),
});

/** Keeps the options sorted and without repeats; anything not a number sorts last for the rule to flag. */
function normalizeSizes(list: string[] | undefined): string[] {
  const unique = [...new Set((list ?? []).map((s) => String(s).trim()).filter(Boolean))];
  const num = (s: string) => (/^\d+$/.test(s) ? Number(s) : Number.POSITIVE_INFINITY);
  return unique.sort((a, b) => num(a) - num(b));
}

/** The server's rule, said per case. */
function checkSizes(list: string[] | undefined): string | undefined {
  const items = list ?? [];
  if (items.length < 1) return '请至少保留一个分页条数选项';
  if (items.length > MAX_PAGE_SIZES) return `分页条数选项最多${MAX_PAGE_SIZES}个`;
  const bad = items.find((s) => !/^\d+$/.test(s) || Number(s) < 1 || Number(s) > 500);
  if (bad) return `“${bad}”不是1~500之间的整数`;
  return undefined;
}

/** Rows with a field error grow; keeping cells top-aligned keeps the inputs of a row in line. */
const alignTop = () => ({ style: { verticalAlign: 'top' as const } });

function PrioritiesEditor({ disabled }: { disabled: boolean }) {
  return (
    <Form.List
      name="plan_config"
      rules={[
        {
          validator: async (_, list: Priority[] | undefined) => {
            if ((list?.length ?? 0) > MAX_PRIORITIES)
              throw new Error(`计划优先级状态最多${MAX_PRIORITIES}项`);
          },
        },
      ]}
    >
      {(fields, { add, remove }, { errors }) => (
        <>
          <Table<FormListFieldData>
            size="middle"
            rowKey="key"
            pagination={false}
            dataSource={fields}
            locale={{ emptyText: '暂无优先级，点击下方按钮添加' }}
            columns={[
              {
                title: '优先级值',
                onCell: alignTop,
                width: 120,
                render: (_, field) => (
                  <Form.Item
                    name={[field.name, 'value']}
                    style={{ marginBottom: 0 }}
                    dependencies={fields
                      .filter((f) => f.key !== field.key)
                      .map((f) => ['plan_config', f.name, 'value'])}
                    rules={[
                      { required: true, message: '请输入优先级值' },
                      ({ getFieldValue }) => ({
                        validator: async (_, v: number | null) => {
                          const all = (getFieldValue('plan_config') as Priority[]).map((p) => p?.value);
                          if (v !== null && v !== undefined && all.filter((x) => x === v).length > 1)
                            throw new Error('优先级值不能重复');
                        },
                      }),
                    ]}
                  >
                    <InputNumber
                      precision={0}
                      min={-999}
                      max={999}
                      placeholder="整数"
                      style={{ width: '100%' }}
                    />
                  </Form.Item>
                ),
              },
              {
                title: '名称',
                onCell: alignTop,
                render: (_, field) => (
                  <Form.Item
                    name={[field.name, 'label']}
                    style={{ marginBottom: 0 }}
                    rules={[
                      { required: true, whitespace: true, message: '请输入名称' },
                      { max: 20, message: '名称不能超过20个字符' },
                    ]}
                  >
                    <Input placeholder="请输入名称" maxLength={20} />
                  </Form.Item>
                ),
              },
              {
                title: '颜色',
                onCell: alignTop,
                width: 150,
                render: (_, field) => (
                  <Form.Item
                    name={[field.name, 'color']}
                    style={{ marginBottom: 0 }}
                    getValueFromEvent={(c: Color) => c.toHexString()}
                  >
                    <ColorPicker showText disabledAlpha />
                  </Form.Item>
                ),
              },
              {
                title: '预览',
                onCell: alignTop,
                width: 110,
                render: (_, field) => (
                  <Form.Item noStyle dependencies={[['plan_config', field.name]]}>
                    {({ getFieldValue }) => {
                      const p = getFieldValue(['plan_config', field.name]) as Priority | undefined;
                      return p?.label?.trim() ? (
                        <Tag color={p.color} style={{ marginTop: 5 }}>
                          {p.label.trim()}
                        </Tag>
                      ) : null;
                    }}
                  </Form.Item>
                ),
              },
              ...(disabled
                ? []
                : [
                    {
                      title: '操作',
                      onCell: alignTop,
                      width: 70,
                      render: (_: unknown, field: FormListFieldData) => (
                        <Button
                          type="text"
                          danger
                          icon={<DeleteOutlined />}
                          aria-label="删除"
                          onClick={() => remove(field.name)}
                        />
                      ),
                    },
                  ]),
            ]}
          />
          {!disabled && (
            <Button
              type="dashed"
              block
              icon={<PlusOutlined />}
              style={{ marginTop: 12 }}
              disabled={fields.length >= MAX_PRIORITIES}
              onClick={() => add({ value: null, label: '', color: DEFAULT_COLOR })}
            >
              添加优先级（{fields.length}/{MAX_PRIORITIES}）
            </Button>
          )}
          <Form.ErrorList errors={errors} />
        </>
      )}
    </Form.List>
  );
}

/** 基础设置: page-size options, plan priority states and the tenant's function menu codes. */
export default function BaseSetting() {
  const { message } = App.useApp();
  const { token } = theme.useToken();
  const can = usePermission();
  const hasPage = useHasPage();
  const editable = can('baseSetting', 'Modify');
  const config = useBasicConfig();
  const [form] = Form.useForm<Values>();
  const sizes = Form.useWatch('page_size_config', form);
  const { saving, run } = useSubmit();
  const initial = useMemo(() => fromServer(config.values), [config.values]);

  if (config.isPending || config.isError) return <LoadState query={config} title="基础设置" rows={12} />;

  const submit = async (values: Values) => {
    const now = toServer(values);
    const before = toServer(initial);
    const changed = CODES.filter((c) => now[c] !== before[c]).map((code) => ({ code, value: now[code] }));
    if (!changed.length) {
      message.info('没有需要保存的修改');
      return;
    }
    await run(async () => {
      try {
        await config.save.mutateAsync(changed);
        message.success('修改成功');
      } catch (err) {
        showFieldErrors(form, err, CODES);
        throw err;
      }
    });
  };

  const validSizes = !checkSizes(sizes) ? (sizes ?? []).map(Number) : undefined;

  return (
    // Mounted once the values are loaded: initial values (and 重置) are the saved ones.
    <Form
      form={form}
      initialValues={initial}
      layout="vertical"
      disabled={!editable}
      onFinish={submit}
      scrollToFirstError
    >
      <Flex vertical gap={16}>
        <Row gutter={[16, 16]}>
          <Col xs={24} xl={10}>
            <Card
              variant="borderless"
              title={basicConfigDecl.page_size_config.name}
              style={{ height: '100%' }}
              extra={
                editable && (
                  <Button
                    type="link"
                    size="small"
                    icon={<UndoOutlined />}
                    onClick={() => form.setFieldValue('page_size_config', PAGE_SIZES.map(String))}
                  >
                    恢复默认
                  </Button>
                )
              }
            >
              <Form.Item
                name="page_size_config"
                label="每页条数（条/页）"
                normalize={normalizeSizes}
                extra={`所有列表的分页器按此顺序提供选项；1~${MAX_PAGE_SIZES}个，每个为1~500之间的整数，输入后按回车添加`}
                rules={[
                  {
                    validator: async (_, v: string[] | undefined) => {
                      const problem = checkSizes(v);
                      if (problem) throw new Error(problem);
                    },
                  },
                ]}
              >
                <Select
                  mode="tags"
                  placeholder="请输入分页条数"
                  tokenSeparators={[',', '，', ' ']}
                  options={PAGE_SIZES.map((n) => ({ value: String(n), label: `${n} 条/页` }))}
                  labelRender={({ value }) => `${value} 条/页`}
                />
              </Form.Item>
              <Text type="secondary" style={{ display: 'block', marginTop: 8 }}>
                预览
              </Text>
              <Flex
                align="center"
                style={{
                  marginTop: 8,
                  padding: '12px 16px',
                  background: token.colorFillQuaternary,
                  borderRadius: token.borderRadiusLG,
                }}
              >
                {validSizes ? (
                  <Pagination
                    key={validSizes.join()}
                    size="small"
                    total={200}
                    showSizeChanger
                    showLessItems
                    defaultPageSize={validSizes[0]}
                    pageSizeOptions={validSizes}
                    disabled={false}
                  />
                ) : (
                  <Text type="secondary">修正分页条数后显示预览</Text>
                )}
              </Flex>
            </Card>
          </Col>
          <Col xs={24} xl={14}>
            <Card
              variant="borderless"
              title={basicConfigDecl.plan_config.name}
              style={{ height: '100%' }}
              extra={<Text type="secondary">订单、计划与工单的优先级标签</Text>}
            >
              <PrioritiesEditor disabled={!editable} />
            </Card>
          </Col>
        </Row>
        <Card
          variant="borderless"
          title={basicConfigDecl.base_router.name}
          extra={<Text type="secondary">本企业开通的菜单与操作；未勾选的功能在角色授权中也不会生效</Text>}
        >
          <Form.Item name="base_router" style={{ marginBottom: 0 }}>
            <RouterCodeTree disabled={!editable} built={hasPage} />
          </Form.Item>
        </Card>
        {editable && <FormSaveBar saving={saving} onReset={() => form.resetFields()} />}
      </Flex>
    </Form>
  );
}
