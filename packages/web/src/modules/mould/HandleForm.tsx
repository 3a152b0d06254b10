import { mouldHandleEntity } from '@factory/shared/entities/mould';
import { mouldHandleType } from '@factory/shared/enums';
import { routeHref } from '@factory/shared/routes';
import { Card, Form, Input } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { call } from '../../platform/call.ts';
import { EntityFormPage } from '../../platform/crud/EntityFormPage.tsx';
import { useDocumentToEdit } from '../../platform/lines/useDocumentToEdit.ts';
import { HANDLES, type MouldHandle } from './mouldParts.ts';

const BACK = `${routeHref('mouldStock')}?tab=handle`;

/**
 * A handling document's form: new for the mould and type the stock list chose (`?mouldId=&
 * handleType=`), or the open document `?id=` to edit. Saved not submitted; the handling list
 * submits and audits it.
 */
export function HandleForm({ fixedType }: { fixedType?: number }) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { id, detail } = useDocumentToEdit<MouldHandle>('mouldHandleToEdit', (docId, signal) =>
    call(HANDLES.detail, { id: docId }, { signal }),
  );
  if (id !== undefined && !detail.data) return <Card loading={detail.isLoading} />;
  const mouldId = Number(params.get('mouldId')) || undefined;
  const asked = Number(params.get('handleType'));
  const handleType = fixedType ?? (mouldHandleType.has(asked) ? asked : undefined);
  return (
    <EntityFormPage
      entity={mouldHandleEntity}
      mode={detail.data ? 'edit' : 'add'}
      source={detail.data}
      initialValues={{
        ...(mouldId ? { mouldId, mouldName: params.get('mouldName') ?? '' } : {}),
        ...(handleType !== undefined ? { handleType } : {}),
      }}
      extraItems={
        <Form.Item name="version" hidden>
          <Input />
        </Form.Item>
      }
      extraValues={(row) => ({ version: row.version })}
      onSaved={() => navigate(BACK)}
      onCancel={() => navigate(BACK)}
    />
  );
}
