import { entityEndpoints } from '@factory/shared/entities/endpoints';
import { procedureEntity } from '@factory/shared/entities/information';
import { materialsEntity } from '@factory/shared/entities/materials';
import { mouldEntity } from '@factory/shared/entities/mould';
import { Col, Form } from 'antd';
import { useMemo, useState } from 'react';
import { CrudPage } from '../../platform/crud/CrudPage.tsx';
import { NameTags } from '../../platform/list/columns.tsx';
import { RemoteSelect } from '../../platform/list/RemoteSelect.tsx';
import type { ColumnOverride, RowAction } from '../../platform/list/types.ts';
import { MouldDetailDrawer } from './MouldDetailDrawer.tsx';
import type { Mould } from './mouldParts.ts';

const MATERIALS = entityEndpoints(materialsEntity).list;
const PROCEDURES = entityEndpoints(procedureEntity).list;

/** Ids and names of a mould's list field as select options (they come in the same order). */
const known = (ids: readonly number[] | undefined, names: string | null | undefined) => {
  const labels = names?.split('、') ?? [];
  return (ids ?? []).map((value, i) => ({ value, label: labels[i] ?? String(value) }));
};

/**
 * /mould/mould-define: the moulds (模具定义) with what they serve and their counter. A new mould
 * is pending stock-in; its status, line and equipment move through the handling documents of the
 * stock list, its counter through report work.
 */
export default function MouldDefineList() {
  const [showing, setShowing] = useState<Mould>();
  const columns = useMemo<Partial<Record<string, ColumnOverride<Mould>>>>(
    () => ({
      materialsNames: { ellipsis: false, render: (v) => <NameTags value={v} /> },
      procedureNames: { ellipsis: false, render: (v) => <NameTags value={v} /> },
    }),
    [],
  );
  const rowActions: RowAction<Mould>[] = [
    { key: 'detail', label: '详情', action: 'Detail', onClick: (m) => setShowing(m) },
  ];
  return (
    <>
      <CrudPage
        entity={mouldEntity}
        suggestCode
        columns={columns}
        rowActions={rowActions}
        canDelete={(m) => m.status === 0}
        canModify={(m) => m.status !== 4}
        formItems={(m) => (
          <>
            <Col xs={24} md={12}>
              <Form.Item name="materialsIds" label="适用产品" extra="不选则适用所有产品">
                <RemoteSelect
                  endpoint={MATERIALS}
                  mode="multiple"
                  allowClear
                  placeholder="请选择适用产品"
                  knownOptions={known(m?.materialsIds, m?.materialsNames)}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="procedureIds"
                label="适用工序"
                extra="报工时只能在这些工序上使用该模具；不选则不限"
              >
                <RemoteSelect
                  endpoint={PROCEDURES}
                  mode="multiple"
                  allowClear
                  placeholder="请选择适用工序"
                  knownOptions={known(m?.procedureIds, m?.procedureNames)}
                />
              </Form.Item>
            </Col>
          </>
        )}
        formValues={(m) => ({ materialsIds: m.materialsIds, procedureIds: m.procedureIds })}
      />
      <MouldDetailDrawer mould={showing} onClose={() => setShowing(undefined)} />
    </>
  );
}
