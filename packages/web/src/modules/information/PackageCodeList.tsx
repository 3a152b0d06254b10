import { ThunderboltOutlined } from '@ant-design/icons';
import { type PackageCodeBatch, packageCodeApi } from '@factory/shared/api/information';
import { entityEndpoints } from '@factory/shared/entities/endpoints';
import { batchNumberEntity, packageCodeEntity } from '@factory/shared/entities/labels';
import { packageInfoEntity } from '@factory/shared/entities/warehouse';
import { App, Form, InputNumber, Typography } from 'antd';
import { useRef, useState } from 'react';
import type { Static } from 'typebox';
import { AppModal } from '../../platform/AppModal.tsx';
import { client } from '../../platform/call.ts';
import { CrudPage } from '../../platform/crud/CrudPage.tsx';
import { RemoteSelect } from '../../platform/list/RemoteSelect.tsx';
import type { ListPageHandle } from '../../platform/list/types.ts';
import { useSubmit } from '../../platform/useSubmit.ts';

type Batch = Static<typeof PackageCodeBatch>;

/** 批量生成: codes for as many packages as are about to be labelled, all or none. */
function GenerateDialog({ open, onClose, onDone }: { open: boolean; onClose(): void; onDone(): void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Batch>();
  const { saving, run } = useSubmit();
  const submit = async () => {
    const v = await form.validateFields().catch(() => undefined);
    if (!v) return;
    await run(async () => {
      const codes = await client(packageCodeApi).generate(v);
      message.success(`已生成${codes.length}个包装码：${codes[0]} 至 ${codes[codes.length - 1]}`);
      onDone();
    });
  };
  return (
    <AppModal
      open={open}
      width={640}
      title="批量生成包装码"
      okText="生成"
      cancelText="取消"
      confirmLoading={saving}
      onOk={submit}
      onCancel={onClose}
    >
      <Form form={form} layout="vertical" initialValues={{ level: 1, count: 10 }} style={{ marginTop: 16 }}>
        <Form.Item
          name="packageId"
          label="包装规格"
          rules={[{ required: true, type: 'number', message: '请选择包装规格' }]}
        >
          <RemoteSelect endpoint={entityEndpoints(packageInfoEntity).list} placeholder="请选择包装规格" />
        </Form.Item>
        <Form.Item
          name="level"
          label="包装层级"
          extra="1 为最内层（如箱），逐层向外"
          rules={[{ required: true, type: 'number', message: '请输入包装层级' }]}
        >
          <InputNumber min={1} max={9} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item
          name="count"
          label="生成数量"
          rules={[{ required: true, type: 'number', message: '请输入生成数量' }]}
        >
          <InputNumber min={1} max={1000} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="batchNumberId" label="批次号">
          <RemoteSelect
            endpoint={entityEndpoints(batchNumberEntity).list}
            labelField="code"
            searchField="code"
            placeholder="请选择批次号"
            allowClear
          />
        </Form.Item>
        <Typography.Text type="secondary">
          编码按“编码设置”中包装码的规则生成；打印在标签设计完成后提供。
        </Typography.Text>
      </Form>
    </AppModal>
  );
}

/** /information/print-label/package-code: codes for physical packages, generated in batches. */
export default function PackageCodeList() {
  const list = useRef<ListPageHandle>(null);
  const [generating, setGenerating] = useState(false);
  return (
    <>
      <CrudPage
        ref={list}
        entity={packageCodeEntity}
        toolbar={[
          {
            key: 'generate',
            label: '批量生成',
            action: 'Add',
            icon: <ThunderboltOutlined />,
            onClick: () => setGenerating(true),
          },
        ]}
      />
      <GenerateDialog
        open={generating}
        onClose={() => setGenerating(false)}
        onDone={() => {
          setGenerating(false);
          list.current?.reload();
        }}
      />
    </>
  );
}
