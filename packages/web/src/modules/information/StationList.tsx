import { stationApi } from '@factory/shared/api/information';
import { entityEndpoints } from '@factory/shared/entities/endpoints';
import { procedureEntity, stationEntity } from '@factory/shared/entities/information';
import type { RowOf } from '@factory/shared/entities/schema';
import { App, Col, Form } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { AppModal } from '../../platform/AppModal.tsx';
import { client } from '../../platform/call.ts';
import { CrudPage } from '../../platform/crud/CrudPage.tsx';
import { NameTags } from '../../platform/list/columns.tsx';
import { RemoteSelect, type RemoteSelectProps } from '../../platform/list/RemoteSelect.tsx';
import type { ColumnOverride, ListPageHandle, RowAction } from '../../platform/list/types.ts';
import { useSubmit } from '../../platform/useSubmit.ts';

type Station = RowOf<typeof stationEntity>;

const PROCEDURES = entityEndpoints(procedureEntity).list;

/** The station's procedures as select options (ids and names come in the same order). */
const knownProcedures = (s?: Station) => {
  const names = s?.procedureNames?.split('、') ?? [];
  return (s?.procedureIds ?? []).map((value, i) => ({ value, label: names[i] ?? String(value) }));
};

/** The procedure multi-select; as a Form.Item child it takes the item's value and onChange. */
function ProcedureSelect({ station, ...rest }: { station?: Station } & Omit<RemoteSelectProps, 'endpoint'>) {
  return (
    <RemoteSelect
      {...rest}
      endpoint={PROCEDURES}
      mode="multiple"
      placeholder="请选择可做工序"
      knownOptions={knownProcedures(station)}
      allowClear
    />
  );
}

/** 设置工序: the whole list of procedures a station can do. */
function SetProcedures({
  station,
  onClose,
  onSaved,
}: {
  station?: Station;
  onClose(): void;
  onSaved(): void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ procedureIds: number[] }>();
  const { saving, run } = useSubmit();
  const save = async () => {
    if (!station) return;
    await run(async () => {
      await client(stationApi).setProcedures({
        stationId: station.id,
        procedureIds: form.getFieldValue('procedureIds') ?? [],
      });
      message.success('设置成功');
      onSaved();
    });
  };
  return (
    <AppModal
      open={!!station}
      width={640}
      title={station ? `设置工序 — ${station.name ?? ''}` : '设置工序'}
      okText="确定"
      cancelText="取消"
      confirmLoading={saving}
      onOk={save}
      onCancel={onClose}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ procedureIds: station?.procedureIds }}
        style={{ marginTop: 16 }}
      >
        <Form.Item name="procedureIds" label="可做工序" extra="排产和报工时，只能把这些工序派到该工位">
          <ProcedureSelect station={station} />
        </Form.Item>
      </Form>
    </AppModal>
  );
}

/** /information/production-info/station: stations, their line and the procedures they can do. */
export default function StationList() {
  const list = useRef<ListPageHandle>(null);
  const [setting, setSetting] = useState<Station>();
  const columns = useMemo<Partial<Record<string, ColumnOverride<Station>>>>(
    () => ({
      procedureNames: { ellipsis: false, render: (v) => <NameTags value={v} /> },
    }),
    [],
  );
  const rowActions: RowAction<Station>[] = [
    { key: 'setProcedure', label: '设置工序', action: 'SetProcedure', onClick: (s) => setSetting(s) },
  ];
  return (
    <>
      <CrudPage
        ref={list}
        entity={stationEntity}
        suggestCode
        columns={columns}
        rowActions={rowActions}
        formItems={(s) => (
          <Col xs={24}>
            <Form.Item name="procedureIds" label="可做工序">
              <ProcedureSelect station={s} />
            </Form.Item>
          </Col>
        )}
        formValues={(s) => ({ procedureIds: s.procedureIds })}
      />
      <SetProcedures
        station={setting}
        onClose={() => setSetting(undefined)}
        onSaved={() => {
          setSetting(undefined);
          list.current?.reload();
        }}
      />
    </>
  );
}
