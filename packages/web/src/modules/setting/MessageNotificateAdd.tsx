import { notificationRuleEntity } from '@factory/shared/entities/notification';
import { routeHref } from '@factory/shared/routes';
import { useNavigate } from 'react-router';
import { EntityFormPage } from '../../platform/crud/EntityFormPage.tsx';
import { NO_TARGETS, ruleTargets } from './MessageNotificateList.tsx';

/** /setting/system-setting-info/message-notificate-add: a new notification rule, then back to the list. */
export default function MessageNotificateAdd() {
  const navigate = useNavigate();
  const list = () => navigate(routeHref('messageNotificateList'));
  return (
    <EntityFormPage
      entity={notificationRuleEntity}
      mode="add"
      extraItems={ruleTargets()}
      initialValues={NO_TARGETS}
      onSaved={list}
      onCancel={list}
    />
  );
}
