import { defectItemEntity } from '@factory/shared/entities/quality';
import { routeHref } from '@factory/shared/routes';
import { Alert, Flex } from 'antd';
import { Link } from 'react-router';
import { CrudPage } from '../../platform/crud/CrudPage.tsx';
import { useHasPage } from '../../platform/pages.ts';
import { usePermission } from '../../platform/usePermission.ts';

/**
 * /quality/quality-plan-info/defects: defect items (不良项目) by severity. Why a defect happened is
 * the scrap-reason dictionary report work records, kept under 参数设置 → 报废原因: linked, not repeated.
 */
export default function DefectList() {
  const hasPage = useHasPage();
  const can = usePermission();
  const reasons = hasPage('scarpReason') && can('scarpReason');
  return (
    <Flex vertical gap={12}>
      <Alert
        type="info"
        showIcon
        title={
          <>
            不良原因沿用报工使用的“报废原因”，在 基础数据 → 参数设置 → 报废原因 中维护
            {reasons ? (
              <>
                ，<Link to={routeHref('scarpReason')}>前往维护</Link>
              </>
            ) : null}
            。
          </>
        }
      />
      <CrudPage entity={defectItemEntity} title="不良项目" suggestCode />
    </Flex>
  );
}
