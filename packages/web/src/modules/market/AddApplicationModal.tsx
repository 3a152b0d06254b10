import {
  COST_MAX,
  COST_SUFFIX,
  DESCRIPTION_MAX,
  type MarketType,
  marketMessages,
  NAME_MAX,
} from '@factory/shared/api/market';
import { App, Form, Input, InputNumber } from 'antd';
import { AppModal } from '../../platform/AppModal.tsx';
import { IMAGE_HINT, ImageUpload } from '../../platform/ImageUpload.tsx';
import { showFieldErrors } from '../../platform/list/formRules.ts';
import { useSubmit } from '../../platform/useSubmit.ts';
import { market } from './marketApi.ts';

interface Values {
  name: string;
  cost: number;
  description: string;
  picture: string;
}
const FIELDS: (keyof Values)[] = ['name', 'cost', 'description', 'picture'];

/** 新增 (spec 000 §2, §5): name, price, description and image, all required, into one group. */
export default function AddApplicationModal({
  group,
  onClose,
  onAdded,
}: {
  group: MarketType | undefined;
  onClose(): void;
  onAdded(): void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const { saving, run } = useSubmit();

  const submit = async () => {
    if (!group) return;
    // the form shows what is missing
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    await run(async () => {
      try {
        await market.add({ marketTypeId: group.id, ...values });
        message.success(marketMessages.added);
        onAdded();
      } catch (error) {
        // the request client has shown the message; point at the field it names
        showFieldErrors(form, error, FIELDS);
        throw error;
      }
    });
  };

  return (
    <AppModal
      open={!!group}
      title="新增"
      width={700}
      okText="确定"
      confirmLoading={saving}
      onOk={submit}
      onCancel={onClose}
    >
      <Form
        form={form}
        layout="horizontal"
        labelCol={{ flex: '72px' }}
        style={{ paddingTop: 8 }}
        preserve={false}
      >
        <Form.Item label="分组">
          <span>{group?.name}</span>
        </Form.Item>
        <Form.Item
          name="name"
          label="名称"
          rules={[{ required: true, whitespace: true, message: '请输入名称' }]}
        >
          <Input placeholder="请输入名称" maxLength={NAME_MAX} showCount />
        </Form.Item>
        <Form.Item name="cost" label="价格" rules={[{ required: true, message: '请输入价格' }]}>
          <InputNumber
            placeholder="请输入价格"
            min={0}
            max={COST_MAX}
            precision={2}
            style={{ width: 240 }}
            suffix={COST_SUFFIX}
          />
        </Form.Item>
        <Form.Item
          name="description"
          label="描述"
          rules={[{ required: true, whitespace: true, message: '请输入描述' }]}
        >
          <Input.TextArea placeholder="请输入描述" rows={4} maxLength={DESCRIPTION_MAX} showCount />
        </Form.Item>
        <Form.Item
          name="picture"
          label="图片"
          rules={[{ required: true, message: marketMessages.pictureRequired }]}
          extra={IMAGE_HINT}
        >
          <ImageUpload alt="应用图片" />
        </Form.Item>
      </Form>
    </AppModal>
  );
}
