import { ThunderboltOutlined } from '@ant-design/icons';
import {
  bodyKey,
  type EntityDecl,
  type FieldDecl,
  formFields,
  treeParentOf,
} from '@factory/shared/entities/define';
import { entityEndpoints } from '@factory/shared/entities/endpoints';
import { entities } from '@factory/shared/entities/index';
import {
  App,
  Button,
  Col,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Radio,
  Row,
  Select,
  Space,
  Switch,
  Tooltip,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { type ReactNode, useEffect, useState } from 'react';
import { AppModal } from '../AppModal.tsx';
import { call } from '../call.ts';
import { ImageUpload } from '../ImageUpload.tsx';
import { customValues } from '../list/columns.tsx';
import { fieldRules, placeholderOf, showFieldErrors } from '../list/formRules.ts';
import { RefTreeSelect } from '../list/RefTreeSelect.tsx';
import { materialLabel, RemoteSelect } from '../list/RemoteSelect.tsx';
import { TimeOfDayPicker } from '../TimeOfDayPicker.tsx';
import { useSubmit } from '../useSubmit.ts';

export type FormMode = 'add' | 'copy' | 'edit';
type Rec = Record<string, unknown>;
type Values = Record<string, unknown>;

const TITLES: Record<FormMode, string> = { add: '新增', copy: '复制', edit: '修改' };
const DATE = 'YYYY-MM-DD';
const DATETIME = 'YYYY-MM-DD HH:mm:ss';

/** The form control of a declared field. */
function controlOf(key: string, f: FieldDecl, source?: Rec): ReactNode {
  const placeholder = f.placeholder ?? placeholderOf(f);
  if (f.ref) {
    const target = entities[f.ref.entity];
    const id = f.ref.idField ? source?.[f.ref.idField] : undefined;
    const name = source?.[key];
    const tree = entityEndpoints(target).tree;
    if (tree) {
      // a node's own parent: not itself, nor anything under it
      const own = treeParentOf(target) === f.ref.idField ? source?.id : undefined;
      return (
        <RefTreeSelect
          endpoint={tree}
          exclude={typeof own === 'number' ? own : undefined}
          placeholder={placeholder}
          allowClear={!f.required}
        />
      );
    }
    return (
      <RemoteSelect
        endpoint={f.ref.select ?? entityEndpoints(target).list}
        filters={f.ref.filters}
        // materials share names (six 油浸式变压器 ratings): their options read 编码 名称
        optionLabel={f.ref.entity === 'materials' ? materialLabel : undefined}
        placeholder={placeholder}
        allowClear={!f.required}
        knownOptions={typeof id === 'number' && name ? [{ value: id, label: String(name) }] : undefined}
      />
    );
  }
  if (f.upload === 'image') return <ImageUpload />;
  if (f.time) return <TimeOfDayPicker placeholder={placeholder} allowClear={!f.required} />;
  if (f.choices)
    return (
      <Select
        mode="multiple"
        placeholder={placeholder}
        options={f.choices.map((c) => ({ value: c, label: c }))}
        allowClear={!f.required}
      />
    );
  switch (f.type) {
    case 'text':
      return (
        <Input.TextArea
          placeholder={placeholder}
          maxLength={f.maxLength}
          showCount
          autoSize={{ minRows: 2, maxRows: 6 }}
        />
      );
    case 'integer':
    case 'number':
      return (
        <InputNumber
          placeholder={placeholder}
          min={f.min}
          max={f.max}
          precision={f.type === 'integer' ? 0 : undefined}
          style={{ width: '100%' }}
        />
      );
    case 'boolean':
      return <Switch checkedChildren="是" unCheckedChildren="否" />;
    case 'enum':
      return (f.enum?.items.length ?? 0) <= 3 ? (
        <Radio.Group options={f.enum?.options} />
      ) : (
        <Select placeholder={placeholder} options={f.enum?.options} allowClear={!f.required} />
      );
    case 'date':
    case 'datetime':
      return (
        <DatePicker showTime={f.type === 'datetime'} placeholder={placeholder} style={{ width: '100%' }} />
      );
    default:
      return <Input placeholder={placeholder} maxLength={f.maxLength} allowClear={!f.required} />;
  }
}

/** A row's value as the form holds it (dates as dayjs). */
function formValue(f: FieldDecl, v: unknown): unknown {
  if (v === null || v === undefined) return undefined;
  if (f.choices) return String(v).split('、').filter(Boolean);
  if ((f.type === 'date' || f.type === 'datetime') && typeof v === 'string') return dayjs(v);
  return v;
}

/** The form's value as the body sends it: cleared texts as '', cleared choices as null. */
function bodyValue(f: FieldDecl, v: unknown): unknown {
  if (v === undefined || v === null || v === '')
    return f.ref || (f.type !== 'string' && f.type !== 'text') ? null : '';
  if (dayjs.isDayjs(v)) return (v as Dayjs).format(f.type === 'date' ? DATE : DATETIME);
  if (Array.isArray(v)) return v.join('、');
  return typeof v === 'string' ? v.trim() : v;
}

export interface EntityFormProps {
  entity: EntityDecl;
  /** The form (re)starts from its source each time this turns true. */
  open: boolean;
  mode: FormMode;
  /** The row to modify, or the one a copy starts from. */
  source?: Rec;
  /** The entity has getMax{Entity}Code: a 生成 button beside the code and a suggestion on add. */
  suggestCode?: boolean;
  /** Form items beyond the declared fields (a station's procedures), and their values from a row. */
  extraItems?: ReactNode;
  extraValues?(row: Rec): Values;
  /** Starting values of a new record (a child node's parent id, and its name to label the select). */
  initialValues?: Values;
  onSaved(row: Rec): void;
}

export interface EntityFormModalProps extends EntityFormProps {
  onClose(): void;
}

/**
 * 新增 / 复制 / 修改 of any declared entity, as a form to place in a dialog or on a page: one
 * control per form field (text, number, choice, date, reference as a remote select), the declared
 * rules, the server's field errors on their fields. A copy starts from the source with its unique
 * fields empty (and a new code suggested).
 */
export function useEntityForm({
  entity,
  open,
  mode,
  source,
  suggestCode,
  extraItems,
  extraValues,
  initialValues,
  onSaved,
}: EntityFormProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const { saving, run } = useSubmit();
  const [suggesting, setSuggesting] = useState(false);
  const { add, update, maxCode } = entityEndpoints(entity);
  const fields = formFields(entity);
  /** A form item's name: custom fields live under `custom` in rows and bodies. */
  const nameOf = (key: string, f: FieldDecl): string | [string, string] =>
    f.custom ? ['custom', key] : bodyKey(key, f);
  const names = [...fields.map(([key, f]) => (f.custom ? `custom.${key}` : bodyKey(key, f))), 'id'];

  const declared = <C,>(c: C | undefined) => {
    if (!c) throw new Error(`${entity.name}: no such call`);
    return c;
  };

  const suggest = async () => {
    setSuggesting(true);
    try {
      if (maxCode) form.setFields([{ name: 'code', value: await call(maxCode), errors: [] }]);
    } catch {
      // the request client has shown why; the code can still be typed
    } finally {
      setSuggesting(false);
    }
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per opening
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    const start: Values = {};
    const custom: Values = {};
    const sourceCustom = customValues(source);
    for (const [key, f] of fields) {
      const k = bodyKey(key, f);
      const into = f.custom ? custom : start;
      const from = f.custom ? sourceCustom[key] : source?.[k];
      if (source && mode !== 'add' && !(mode === 'copy' && f.unique)) into[k] = formValue(f, from);
      else if (f.enum?.defaultValue !== undefined) into[k] = f.enum.defaultValue;
      else if (f.type === 'enum' && f.required && !f.custom) into[k] = f.enum?.items[0]?.value;
      // a new record starts enabled, as the server would make it
      else if (key === 'isEnabled') into[k] = 1;
    }
    if (Object.keys(custom).length) start.custom = custom;
    if (source && mode !== 'add') Object.assign(start, extraValues?.(source));
    // given as a row gives them (a date as text): held as the form holds its own
    if (mode === 'add')
      for (const [k, v] of Object.entries(initialValues ?? {})) {
        const f = fields.find(([key, decl]) => bodyKey(key, decl) === k)?.[1];
        start[k] = f ? formValue(f, v) : v;
      }
    form.setFieldsValue(start);
    // a numbered code may stay empty (the server numbers it); others start from a suggestion
    if (suggestCode && mode !== 'edit' && entity.fields.code?.required) void suggest();
  }, [open, mode, source]);

  const submit = async () => {
    const v = await form.validateFields().catch(() => undefined);
    if (!v) return; // the form shows what is missing
    const body: Values = {};
    const custom: Values = {};
    const given = (v.custom ?? {}) as Values;
    for (const [key, f] of fields) {
      if (f.custom) custom[key] = bodyValue(f, given[key]);
      else body[bodyKey(key, f)] = bodyValue(f, v[bodyKey(key, f)]);
    }
    for (const [k, value] of Object.entries(v))
      if (k !== 'custom' && !Object.hasOwn(body, k)) body[k] = value;
    if (entity.customFields) body.custom = custom;
    await run(async () => {
      try {
        // the screen offers 修改 and 新增 only where the route's buttons declared these calls
        const saved =
          mode === 'edit' && source
            ? await call(declared(update), { id: source.id, ...body })
            : await call(declared(add), body);
        message.success(mode === 'edit' ? '修改成功' : '新增成功');
        onSaved(saved);
      } catch (err) {
        showFieldErrors(form, err, names);
        throw err;
      }
    });
  };

  // one column per field; long texts take the full width, after everything else
  const field = ([key, f]: [string, FieldDecl]) => {
    const k = bodyKey(key, f);
    const wide = f.type === 'text';
    // a reference holds an id: only its required rule applies
    const rules = fieldRules(
      f.ref ? { label: f.label, type: 'integer', required: f.required, ref: f.ref } : f,
      {
        placeholder: f.placeholder,
      },
    );
    return (
      <Col key={k} xs={24} md={wide ? 24 : 12}>
        {key === 'code' && suggestCode ? (
          <Form.Item label={f.label} required={f.required}>
            <Space.Compact block>
              <Form.Item name={k} noStyle rules={rules}>
                <Input placeholder={f.placeholder ?? placeholderOf(f)} maxLength={f.maxLength} allowClear />
              </Form.Item>
              <Tooltip title="生成下一个未被使用的编码">
                <Button icon={<ThunderboltOutlined />} loading={suggesting} onClick={suggest}>
                  生成
                </Button>
              </Tooltip>
            </Space.Compact>
          </Form.Item>
        ) : (
          <Form.Item
            name={nameOf(key, f)}
            label={f.label}
            rules={rules}
            valuePropName={f.type === 'boolean' ? 'checked' : 'value'}
          >
            {controlOf(key, f, mode === 'add' ? initialValues : source)}
          </Form.Item>
        )}
      </Col>
    );
  };

  const title =
    mode === 'copy' && source
      ? `复制${entity.label}（复制自 ${String(source.name ?? source.code ?? '')}）`
      : `${TITLES[mode]}${entity.label}`;

  const body = (
    <Form name={`${entity.name}Form`} form={form} layout="vertical" style={{ marginTop: 16 }}>
      <Row gutter={24}>
        {fields.filter(([, f]) => f.type !== 'text').map(field)}
        {extraItems}
        {fields.filter(([, f]) => f.type === 'text').map(field)}
      </Row>
    </Form>
  );
  return { title, body, submit, saving };
}

/** The entity form in a dialog (CrudPage's 新增, 修改 and 复制). */
export function EntityFormModal({ onClose, ...props }: EntityFormModalProps) {
  const { title, body, submit, saving } = useEntityForm(props);
  return (
    <AppModal
      open={props.open}
      title={title}
      okText="确定"
      cancelText="取消"
      confirmLoading={saving}
      onOk={submit}
      onCancel={onClose}
    >
      {body}
    </AppModal>
  );
}
