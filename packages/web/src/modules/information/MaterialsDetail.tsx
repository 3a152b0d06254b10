import { ApartmentOutlined, EditOutlined } from '@ant-design/icons';
import { bomApi } from '@factory/shared/api/materials';
import { entityEndpoints } from '@factory/shared/entities/endpoints';
import { materialsEntity } from '@factory/shared/entities/materials';
import { enableStatus, materialType } from '@factory/shared/enums';
import { routeHref } from '@factory/shared/routes';
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  Card,
  Descriptions,
  Empty,
  Flex,
  Result,
  Table,
  type TableColumnsType,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { Link, useNavigate, useParams } from 'react-router';
import { call } from '../../platform/call.ts';
import { CodeText, DetailHeader } from '../../platform/DetailHeader.tsx';
import { LoadState } from '../../platform/LoadState.tsx';
import { cellOf, EMPTY_CELL, EnumCell } from '../../platform/list/columns.tsx';
import { formatNumber } from '../../platform/list/format.ts';
import { useSession } from '../../platform/session.ts';
import { usePermission } from '../../platform/usePermission.ts';
import { BomTree } from './BomTree.tsx';
import { type BomLine, bom } from './bomApi.ts';

const LIST = routeHref('materialsList');
/** Shown above the tabs or in their own section, not among the plain fields. */
const APART = new Set(['id', 'code', 'name', 'attributeText', 'isEnabled', 'materialType']);
const MADE = new Set<unknown>([1, 2]);

/** The products whose BOM names this material directly (where it is used). */
function WhereUsed({ id }: { id: number }) {
  const query = useQuery({
    queryKey: [bomApi.parents.path, id],
    queryFn: ({ signal }) => bom.parents({ id }, { signal }),
  });
  const columns: TableColumnsType<BomLine> = [
    {
      key: 'code',
      dataIndex: 'code',
      title: '上级物料编码',
      width: 180,
      render: (v: string, l) => <Link to={routeHref('materialsDetail', { id: l.materialId })}>{v}</Link>,
    },
    { key: 'name', dataIndex: 'name', title: '上级物料名称', width: 200 },
    {
      key: 'specifications',
      dataIndex: 'specifications',
      title: '规格型号',
      width: 180,
      render: (v) => v ?? EMPTY_CELL,
    },
    {
      key: 'materialType',
      dataIndex: 'materialType',
      title: '物料类型',
      width: 100,
      render: (v) => <EnumCell value={v} enumDecl={materialType} />,
    },
    {
      key: 'quantity',
      dataIndex: 'quantity',
      title: '单位用量',
      width: 110,
      align: 'right',
      render: formatNumber,
    },
    {
      key: 'lossRate',
      dataIndex: 'lossRate',
      title: '损耗率',
      width: 90,
      align: 'right',
      render: (v) => `${formatNumber(v)}%`,
    },
  ];
  return (
    <Table<BomLine>
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={query.data}
      loading={query.isFetching}
      pagination={false}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有物料的BOM使用它" /> }}
    />
  );
}

/** /information/materials-info/materials-detail/:id: a material's fields, attributes, BOM and where it is used. */
export default function MaterialsDetail() {
  const navigate = useNavigate();
  const can = usePermission();
  const bomTab = useSession((s) => !!s.user?.companyInfo.flags.bomTab);
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const query = useQuery({
    queryKey: [materialsEntity.api?.base, 'detail', id],
    queryFn: ({ signal }) => call(entityEndpoints(materialsEntity).detail, { id }, { signal }),
    enabled: valid,
  });
  if (!valid) return <Result status="404" title="物料不存在" extra={<Link to={LIST}>返回物料列表</Link>} />;
  const m = query.data;
  const byKey: Record<string, unknown> | undefined = m;
  const bomCount = m?.bomCount ?? 0;
  const fields = Object.entries(materialsEntity.fields).filter(([key]) => !APART.has(key));
  const made = m ? MADE.has(m.materialType) : false;
  return (
    <Flex vertical gap={16}>
      <LoadState query={query} title="物料详情" />
      {m && (
        <>
          <DetailHeader
            backTo={LIST}
            backLabel="返回物料列表"
            title={m.name}
            extra={<CodeText label="物料编码" code={m.code ?? ''} />}
          >
            <EnumCell value={m.materialType} enumDecl={materialType} />
            <EnumCell value={m.isEnabled} enumDecl={enableStatus} />
            {m.isVirtualMaterials === true && (
              <Tag color="purple" variant="filled">
                虚拟物料
              </Tag>
            )}
          </DetailHeader>
          <Card variant="borderless">
            <Tabs
              items={[
                {
                  key: 'info',
                  label: '基本信息',
                  children: (
                    <Flex vertical gap={24}>
                      <Descriptions
                        column={{ xs: 1, md: 2, xl: 3 }}
                        colon={false}
                        styles={{ label: { width: 96 } }}
                      >
                        {fields.map(([key, f]) => (
                          <Descriptions.Item key={key} label={f.label}>
                            {byKey?.[key] === null || byKey?.[key] === undefined
                              ? EMPTY_CELL
                              : cellOf(f)(byKey[key])}
                          </Descriptions.Item>
                        ))}
                      </Descriptions>
                      <div>
                        <Typography.Title level={5}>物料属性</Typography.Title>
                        {m.attributes.length ? (
                          <Descriptions column={{ xs: 1, md: 2, xl: 3 }} colon={false} bordered size="small">
                            {m.attributes.map((a) => (
                              <Descriptions.Item key={a.attributeId} label={a.attributeName}>
                                {a.value}
                              </Descriptions.Item>
                            ))}
                          </Descriptions>
                        ) : (
                          <Typography.Text type="secondary">未设置物料属性</Typography.Text>
                        )}
                      </div>
                    </Flex>
                  ),
                },
                // the tenant's BOM tab (tenant flag bomTab): the product's exploded BOM
                ...(bomTab && (made || bomCount > 0)
                  ? [
                      {
                        key: 'bom',
                        label: `BOM（${bomCount} 个子件）`,
                        children:
                          bomCount > 0 ? (
                            <BomTree
                              materialId={m.id}
                              title="BOM结构"
                              extra={
                                can('materialsSettingList', 'Modify') && (
                                  <Button
                                    size="small"
                                    icon={<EditOutlined />}
                                    onClick={() => navigate(routeHref('editBom', { id: m.id }))}
                                  >
                                    编辑BOM
                                  </Button>
                                )
                              }
                            />
                          ) : (
                            <Empty description="尚未建立BOM">
                              {can('materialsSettingList', 'Add') && (
                                <Button
                                  type="primary"
                                  icon={<ApartmentOutlined />}
                                  onClick={() => navigate(routeHref('editBom', { id: m.id }))}
                                >
                                  建立BOM
                                </Button>
                              )}
                            </Empty>
                          ),
                      },
                    ]
                  : []),
                { key: 'usedBy', label: '使用情况', children: <WhereUsed id={m.id} /> },
              ]}
            />
          </Card>
        </>
      )}
    </Flex>
  );
}
