import { SaveOutlined } from '@ant-design/icons';
import type { EntityDecl, FieldDecl, LinesDecl } from '@factory/shared/entities/define';
import { entityEndpoints } from '@factory/shared/entities/endpoints';
import { lineAmount } from '@factory/shared/entities/salesOrder';
import type { AddBody, DetailOf } from '@factory/shared/entities/schema';
import { App, Button, Card, Flex, Form, Result, Row, Space, Typography } from 'antd';
import { type ReactNode, useEffect, useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { call } from '../call.ts';
import { LoadState } from '../LoadState.tsx';
import { formatNumber } from '../list/format.ts';
import { showFieldErrors } from '../list/formRules.ts';
import { useSubmit } from '../useSubmit.ts';
import { DocumentTitle } from './DocumentTitle.tsx';
import { type DeclaredColumnsOptions, type DocLine, declaredLineColumns } from './declaredColumns.tsx';
import { LinesEditor } from './LinesEditor.tsx';
import { useDocumentLines } from './useDocumentLines.ts';
import { useDocumentToEdit } from './useDocumentToEdit.ts';

/** A priced order (sales, purchase): a head, and lines of a material, a quantity and a 含税单价 each. */
type OrderEntity = EntityDecl & { lines: LinesDecl };

/** What the form reads of an order beyond its declared fields. */
interface OrderState {
  id: number;
  version: number;
  code?: string | null;
  confirmStatus?: number | null;
  status?: number | null;
}

/**
 * What an order form is made of beyond what every order shares: the module's head fields, its
 * line column changes, its texts and its body. The rest — the head card, the lines card with the
 * material, quantity, price, tax rate and the amount as typed, the sticky footer with the total,
 * saving (add, or update with the version read) and the refusals shown on their fields and cells,
 * the page that will not edit an order no longer a draft — is `OrderAddPage`'s.
 */
export interface OrderFormSpec<E extends OrderEntity, H extends object> {
  entity: E;
  /** The head's fields, each a grid `<Col>` holding its `<Form.Item>`; `source` is the order edited. */
  head(source: DetailOf<E> | undefined): ReactNode;
  /** The head's values of an order being edited. */
  headOf(order: DetailOf<E>): H;
  /** The body names of the head's fields: a refusal naming one is shown on it. */
  headFields: readonly string[];
  /** The add body (the update's, without id and version) from the head and the checked lines. */
  body(head: H, lines: readonly DocLine[]): AddBody<E>;
  /** Column changes beyond the shared ones, keyed as `declaredLineColumns` keys them (false hides one). */
  columns?: DeclaredColumnsOptions<DocLine>['columns'];
  /** A new line's values (the default tax rate). */
  newLine(): DocLine;
  /** After the totals in the footer: what confirming the order will do. */
  footerNote: string;
  /** Only a draft is edited (the server refuses the rest). */
  isDraft(order: DetailOf<E>): boolean;
  detailHref(order: { id: number }): string;
  listHref: string;
}

/** What a line comes to as it is typed: quantity × price, 2 decimals half-up (the server's rule). */
export const amountOf = (l: DocLine) =>
  lineAmount(
    typeof l.quantity === 'number' ? l.quantity : 0,
    typeof l.unitPrice === 'number' ? l.unitPrice : 0,
  );

/** The option a remote select shows for its current value before its list has loaded. */
export const knownOption = (id: number | null | undefined, name: string | null | undefined) =>
  typeof id === 'number' && name ? [{ value: id, label: name }] : undefined;

/** Sizes every order's lines share; the amount shown as it is typed. */
const SHARED_COLUMNS: DeclaredColumnsOptions<DocLine>['columns'] = {
  materialsId: { width: 220 },
  materialsIdType: false,
  quantity: { width: 110 },
  unitPrice: { width: 120 },
  taxRate: { width: 90 },
  amount: {
    width: 110,
    editor: {
      kind: 'view',
      render: (l) => (
        <span style={{ display: 'inline-block', paddingTop: 5 }}>{formatNumber(amountOf(l))}</span>
      ),
    },
  },
  remark: { width: 140 },
};

type AnySpec = OrderFormSpec<OrderEntity, Record<string, unknown>>;
type AnyOrder = DetailOf<OrderEntity> & OrderState;

function OrderForm({ spec, source }: { spec: AnySpec; source?: AnyOrder }) {
  const { entity } = spec;
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [form] = Form.useForm<Record<string, unknown>>();
  const { saving, run } = useSubmit();
  const decl = entity.lines;
  const endpoints = entityEndpoints(entity);
  const material = Object.values(decl.fields).find((f: FieldDecl) => f.ref?.entity === 'materials')?.label;
  const columns = useMemo(
    () => declaredLineColumns<DocLine>(decl, { columns: { ...SHARED_COLUMNS, ...spec.columns } }),
    [decl, spec.columns],
  );
  const doc = useDocumentLines(decl, columns);
  const { load, setLines } = doc;
  const { newLine } = spec;
  useEffect(() => {
    if (source) load(source.lines);
    else setLines([newLine()]);
  }, [source, load, setLines, newLine]);

  const save = async () => {
    const headOk = await form.validateFields().then(
      () => true,
      () => false,
    );
    const linesOk = doc.check();
    if (!headOk || !linesOk) return;
    const body = spec.body(form.getFieldsValue(true), doc.lines);
    await run(async () => {
      try {
        // the route's buttons give an order its add and update calls
        const saved = source
          ? await call(endpoints.update as NonNullable<typeof endpoints.update>, {
              id: source.id,
              version: source.version,
              ...body,
            })
          : await call(endpoints.add as NonNullable<typeof endpoints.add>, body);
        message.success('保存成功');
        navigate(spec.detailHref(saved));
      } catch (err) {
        showFieldErrors(form, err, spec.headFields);
        doc.showServerErrors(err);
        throw err;
      }
    });
  };

  const total = doc.lines.reduce((n, l) => n + amountOf(l), 0);
  return (
    <Flex vertical gap={16}>
      <Card
        variant="borderless"
        title={<DocumentTitle label={entity.label} code={source ? source.code : undefined} />}
      >
        <Form
          form={form}
          name={`${entity.name}Head`}
          layout="vertical"
          initialValues={source ? spec.headOf(source) : {}}
        >
          <Row gutter={24}>{spec.head(source)}</Row>
        </Form>
      </Card>
      <Card
        variant="borderless"
        title={decl.label}
        extra={
          <Typography.Text type="secondary">
            可从Excel复制多行（{material}编码、数量、单价…）粘贴到{material}格
          </Typography.Text>
        }
      >
        <LinesEditor<DocLine>
          id={`${entity.name}Lines`}
          {...doc.editor}
          newLine={newLine}
          addLabel={`添加${material}`}
          emptyText={`暂无${material}，请添加`}
        />
      </Card>
      <Card
        variant="borderless"
        styles={{ body: { padding: '12px 24px' } }}
        style={{ position: 'sticky', bottom: 0, zIndex: 3, boxShadow: '0 -2px 8px rgba(16,24,40,0.06)' }}
      >
        <Flex justify="space-between" align="center" wrap gap={12}>
          <Typography.Text type="secondary">
            共 {doc.lines.length} 行，含税金额合计 {formatNumber(Math.round(total * 100) / 100)} 元；
            {spec.footerNote}
          </Typography.Text>
          <Space>
            <Button
              onClick={() => navigate(source ? spec.detailHref(source) : spec.listHref)}
              disabled={saving}
            >
              取消
            </Button>
            <Button type="primary" icon={<SaveOutlined />} loading={saving} onClick={() => void save()}>
              保存
            </Button>
          </Space>
        </Flex>
      </Card>
    </Flex>
  );
}

/** Why an order that is no longer a draft is not edited here, and what to do about it. */
function notEditable(entity: OrderEntity, order: AnyOrder): { title: string; subTitle?: string } {
  const name = `${entity.label}“${order.code ?? ''}”`;
  if (order.confirmStatus === 1) return { title: `${name}已确认，不能编辑`, subTitle: '请先取消确认' };
  const state = entity.fields.status?.enum?.label(order.status, '') ?? '';
  return { title: `${name}${state ? `${state}，` : ''}不能编辑` };
}

/**
 * An order's add page (/…-add): a new order, or with `?id=` the draft to edit, read fresh; an
 * order no longer a draft is not edited, with why and a link to it.
 */
export function OrderAddPage<E extends OrderEntity, H extends object>(props: OrderFormSpec<E, H>): ReactNode;
export function OrderAddPage(spec: AnySpec) {
  const { entity } = spec;
  const endpoints = entityEndpoints(entity);
  const { id, detail } = useDocumentToEdit(endpoints.detail.path, (id, signal) =>
    call(endpoints.detail, { id }, { signal }),
  );
  if (id === undefined) return <OrderForm key="new" spec={spec} />;
  if (!detail.data) return <LoadState query={detail} title={entity.label} />;
  const d = detail.data as AnyOrder;
  if (!spec.isDraft(d)) {
    const why = notEditable(entity, d);
    return (
      <Card variant="borderless">
        <Result
          status="warning"
          title={why.title}
          subTitle={why.subTitle}
          extra={<Link to={spec.detailHref(d)}>查看订单</Link>}
        />
      </Card>
    );
  }
  return <OrderForm key={d.id} spec={spec} source={d} />;
}
