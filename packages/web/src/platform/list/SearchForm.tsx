import { DownOutlined, ReloadOutlined, SearchOutlined, UpOutlined } from '@ant-design/icons';
import type { EntityDecl } from '@factory/shared/entities/define';
import {
  Button,
  Card,
  Col,
  DatePicker,
  Flex,
  Form,
  Grid,
  Input,
  InputNumber,
  Row,
  Select,
  Space,
  type TimeRangePickerProps,
} from 'antd';
import dayjs from 'dayjs';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import {
  defaultSearchValues,
  fromFormValues,
  type SearchField,
  type SearchValues,
  searchFieldsOf,
  toFormValues,
} from './filters.ts';
import { placeholderOf } from './formRules.ts';

const BOOLEAN_OPTIONS = [
  { value: true, label: '是' },
  { value: false, label: '否' },
];

const RANGE_PRESETS: TimeRangePickerProps['presets'] = [
  { label: '今天', value: () => [dayjs().startOf('day'), dayjs().endOf('day')] },
  { label: '最近7天', value: () => [dayjs().subtract(6, 'day'), dayjs()] },
  { label: '最近30天', value: () => [dayjs().subtract(29, 'day'), dayjs()] },
  { label: '本月', value: () => [dayjs().startOf('month'), dayjs().endOf('month')] },
];

type Range = [number | null, number | null];

/** Two numbers, either of which may be empty (a 'between' filter on a number field). */
function NumberRange({ value, onChange }: { value?: Range; onChange?(v: Range): void }) {
  const [a, b] = value ?? [null, null];
  return (
    <Space.Compact block>
      <InputNumber
        style={{ width: '50%' }}
        placeholder="最小值"
        value={a}
        onChange={(v) => onChange?.([v, b])}
      />
      <InputNumber
        style={{ width: '50%' }}
        placeholder="最大值"
        value={b}
        onChange={(v) => onChange?.([a, v])}
      />
    </Space.Compact>
  );
}

function control({ field: f, control: c }: SearchField): ReactNode {
  const placeholder = placeholderOf(f);
  switch (c) {
    case 'select':
    case 'multiSelect':
      return (
        <Select
          allowClear
          placeholder={placeholder}
          options={f.enum?.options}
          mode={c === 'multiSelect' ? 'multiple' : undefined}
          maxTagCount="responsive"
        />
      );
    case 'boolean':
      return <Select allowClear placeholder={placeholder} options={BOOLEAN_OPTIONS} />;
    case 'date':
      return <DatePicker style={{ width: '100%' }} placeholder={placeholder} />;
    case 'dateRange':
      return <DatePicker.RangePicker style={{ width: '100%' }} presets={RANGE_PRESETS} />;
    case 'number':
      return <InputNumber style={{ width: '100%' }} placeholder={placeholder} />;
    case 'numberRange':
      return <NumberRange />;
    default:
      return <Input allowClear placeholder={placeholder} maxLength={f.maxLength} />;
  }
}

/** Fields per row at the current screen width (the columns below: 24 / 12 / 8 / 6). */
function usePerRow(): number {
  const bp = Grid.useBreakpoint();
  return bp.xxl ? 4 : bp.lg ? 3 : bp.sm ? 2 : 1;
}

interface Props {
  entity: EntityDecl;
  values: SearchValues;
  /** What 重置 returns to; the declared enum defaults when omitted. */
  defaults?: SearchValues;
  onSearch(values: SearchValues): void;
}

/**
 * The search card of a list: one control per field that declares `filter` (text → like, enum →
 * select, dates → range, numbers → range), 查询 and 重置, folded to one row when there are more.
 */
export function SearchForm({ entity, values, defaults, onSearch }: Props) {
  const [form] = Form.useForm();
  const fields = useMemo(() => searchFieldsOf(entity), [entity]);
  const perRow = usePerRow();
  const [expanded, setExpanded] = useState(false);
  const folded = Math.max(1, perRow - 1);

  // the URL is the truth: a back/forward or a tag switch brings other values
  const valuesText = JSON.stringify(values);
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed by the JSON text
  useEffect(() => {
    const next = toFormValues(entity, values);
    form.setFields(fields.map((s) => ({ name: s.key, value: next[s.key], errors: [] })));
    // a filter on a folded field stays visible
    if (fields.some((s, i) => i >= folded && next[s.key] !== undefined)) setExpanded(true);
  }, [valuesText, entity, fields, form, folded]);

  const labelWidth = Math.min(120, Math.max(...fields.map((s) => s.field.label.length)) * 14 + 22);
  const foldable = fields.length > folded;
  const shown = foldable && !expanded ? folded : fields.length;
  const span = 24 / perRow;
  const used = shown % perRow;
  const buttonsSpan = (perRow - used) * span;

  return (
    <Card variant="borderless" styles={{ body: { padding: '20px 24px 0' } }}>
      <Form
        form={form}
        name={`${entity.name}Search`}
        labelCol={{ flex: `${labelWidth}px` }}
        wrapperCol={{ flex: 1 }}
        labelWrap
        onFinish={(v) => onSearch(fromFormValues(entity, v))}
      >
        <Row gutter={24}>
          {fields.map((s, i) => (
            <Col key={s.key} span={span} style={i < shown ? undefined : { display: 'none' }}>
              <Form.Item name={s.key} label={s.field.label}>
                {control(s)}
              </Form.Item>
            </Col>
          ))}
          <Col span={buttonsSpan}>
            <Form.Item>
              <Flex justify="flex-end" gap={8} wrap>
                <Button
                  icon={<ReloadOutlined />}
                  onClick={() => {
                    const d = defaults ?? defaultSearchValues(entity);
                    const next = toFormValues(entity, d);
                    form.setFields(fields.map((s) => ({ name: s.key, value: next[s.key], errors: [] })));
                    onSearch(d);
                  }}
                >
                  重置
                </Button>
                <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
                  查询
                </Button>
                {foldable && (
                  <Button
                    type="link"
                    style={{ paddingInline: 4 }}
                    onClick={() => setExpanded((e) => !e)}
                    icon={expanded ? <UpOutlined /> : <DownOutlined />}
                    iconPlacement="end"
                  >
                    {expanded ? '收起' : '展开'}
                  </Button>
                )}
              </Flex>
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Card>
  );
}
