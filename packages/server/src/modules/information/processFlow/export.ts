import { processFlowApi } from '@factory/shared/api/processFlow';
import { materialType } from '@factory/shared/enums';
import { streamXlsx, type XlsxColumn } from '../../../platform/excel/export.ts';
import { handle } from '../../../platform/route.ts';
import { versionDetail } from './versionDetail.ts';

const bomListFile: XlsxColumn[] = [
  { header: '序号', key: 'no', width: 6 },
  { header: '物料编码', key: 'code', width: 20 },
  { header: '物料名称', key: 'name', width: 24 },
  { header: '规格型号', key: 'specifications', width: 26 },
  { header: '物料类型', key: 'materialType', width: 10, cell: (v) => materialType.label(v, String(v)) },
  { header: '单位', key: 'unitName', width: 8 },
  { header: '工序', key: 'step', width: 22 },
  { header: '单位用量', key: 'quantity', width: 12 },
  { header: '备注', key: 'remark', width: 24 },
];

/** A version's BOM list view as a workbook, named after the flow and the version. */
export const exportRoutes = [
  handle(processFlowApi.exportBomList, {
    handler: async ({ tx, query, reply }) => {
      const v = await versionDetail(tx, query.id);
      await streamXlsx(reply, {
        fileName: `${v.flowCode} ${v.flowName} ${v.name} 物料清单`,
        sheetName: '物料清单',
        columns: bomListFile,
        rows: v.materials.map((m, i) => ({
          ...m,
          no: i + 1,
          step: m.stepSeq === null ? '' : `${m.stepSeq}. ${m.procedureName}`,
        })),
      });
    },
  }),
];
