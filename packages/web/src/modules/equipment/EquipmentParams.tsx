import { equipmentParamEntity } from '@factory/shared/entities/equipmentParam';
import { Card, Flex } from 'antd';
import { CrudPage } from '../../platform/crud/CrudPage.tsx';
import { ParamTrend } from './ParamTrend.tsx';

/** A new parameter is a decimal raising a fault report after 3 samples out of range. */
const NEW_PARAM = { dataType: 1, alarmSamples: 3 };

/**
 * /equipment/equipment-setting/equipment-params: the parameters each equipment class reports (设备
 * 参数) — the code is the key in the machines' data, the limits and the run of samples out of
 * range that raise a fault report — and below, the trend of any equipment's parameters.
 */
export default function EquipmentParams() {
  return (
    <Flex vertical gap={16}>
      <CrudPage entity={equipmentParamEntity} addValues={NEW_PARAM} />
      <Card title="参数趋势" size="small">
        <ParamTrend />
      </Card>
    </Flex>
  );
}
