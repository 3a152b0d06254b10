import { produceOrderEntity } from '@factory/shared/entities/produceOrder';
import { routeHref } from '@factory/shared/routes';
import { Card } from 'antd';
import { useNavigate } from 'react-router';
import { EntityFormPage } from '../../platform/crud/EntityFormPage.tsx';
import { useEntityDecl } from '../../platform/crud/useEntityDecl.ts';

/** /plans/orders/order-add: a new (unconfirmed) order from the declared form, then its detail page. */
export default function OrderAdd() {
  const navigate = useNavigate();
  // the tenant's custom fields are part of the form: wait for them
  const decl = useEntityDecl(produceOrderEntity);
  if (!decl) return <Card loading />;
  return (
    <EntityFormPage
      entity={decl}
      mode="add"
      suggestCode
      onSaved={(row) =>
        navigate(
          typeof row.id === 'number' ? routeHref('orderDetail', { id: row.id }) : routeHref('orderList'),
        )
      }
      onCancel={() => navigate(routeHref('orderList'))}
    />
  );
}
