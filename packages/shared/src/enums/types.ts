/**
 * Type lists and option codes of spec 001 §9 and §3 (print widgets). Types carry no colour, except
 * priority, which list rows show as a tag.
 */
import { defineEnum } from './defineEnum.ts';
import { statusColors } from './status.ts';

/**
 * Period presets of the production reports. 0 and 5 are distinct in the spec, so 0 is the rolling
 * month and 5 the calendar month; 4 starts on 1 January of last year. Default: this quarter.
 */
export const productionPeriod = defineEnum(
  [
    { value: 0, label: '近一月' },
    { value: 1, label: '本季度' },
    { value: 2, label: '近半年' },
    { value: 3, label: '本年' },
    { value: 4, label: '去年至今' },
    { value: 5, label: '本月' },
    { value: 6, label: '本周' },
  ],
  1,
);

/** Period presets of the service reports; the week runs Monday to Sunday. */
export const servicePeriod = defineEnum([
  { value: 0, label: '本月' },
  { value: 1, label: '本季度' },
  { value: 2, label: '近半年' },
  { value: 3, label: '本年' },
  { value: 4, label: '近一年' },
  { value: 5, label: '今天' },
  { value: 6, label: '本周' },
  { value: 7, label: '昨天' },
  { value: 8, label: '2023年至今' },
]);

/** The `inspectionType` filter of the production quality reports. */
export const inspectionKind = defineEnum(
  [
    { value: 0, label: '首件检验' },
    { value: 1, label: '过程检验' },
  ],
  1,
);

/** How a repair order came: a fault report goes through audit and repair; a quick repair is recorded done. */
export const repairSource = defineEnum([
  { value: 0, label: '故障报修' },
  { value: 1, label: '快速维修' },
]);

export const sparePartSource = defineEnum([
  { value: 0, label: '维修' },
  { value: 1, label: '保养' },
]);

/** Service content of demands in the TAT report; 4 and 5 are not used there. */
export const demandServiceContent = defineEnum([
  { value: 0, label: '维修' },
  { value: 1, label: '保养' },
  { value: 2, label: '安装' },
  { value: 3, label: '改造' },
  { value: 6, label: '点检' },
]);

export const customFieldType = defineEnum([
  { value: 0, label: '数字' },
  { value: 1, label: '文本' },
  { value: 2, label: '单选' },
  { value: 3, label: '多选' },
  { value: 4, label: '图片或附件' },
  { value: 5, label: '时间' },
]);

export const dataType = defineEnum([
  { value: 0, label: '整数' },
  { value: 1, label: '小数' },
  { value: 2, label: '文本' },
  { value: 3, label: '日期' },
  { value: 4, label: '布尔' },
]);

/** Quality inspection types; 3 "team check" is the mutual check (互检) of the three-check system. */
export const inspectionType = defineEnum([
  { value: 0, label: '巡检' },
  { value: 1, label: '自检' },
  { value: 2, label: '首检' },
  { value: 3, label: '互检' },
  { value: 4, label: '来料检' },
  { value: 5, label: '成品检' },
]);

/** One tenant calls incoming inspection a release slip (放行单); that is a tenant label, not a value. */
export const qualityType = defineEnum([
  { value: 1, label: '过程检验' },
  { value: 2, label: '来料检验' },
  { value: 3, label: '出货检验' },
]);

export const priority = defineEnum([
  { value: 0, label: '普通', color: statusColors.idle },
  { value: 1, label: '紧急', color: statusColors.waiting },
  { value: 2, label: '特急', color: statusColors.stopped },
]);

export const organizationLevel = defineEnum([
  { value: 0, label: '工厂' },
  { value: 1, label: '车间' },
  { value: 2, label: '产线' },
]);

export const equipmentKind = defineEnum([
  { value: 0, label: '生产设备' },
  { value: 1, label: '非生产设备' },
]);

export const workType = defineEnum([
  { value: 0, label: '正常' },
  { value: 1, label: '返工' },
]);

export const processType = defineEnum([
  { value: 0, label: '自制' },
  { value: 1, label: '委外' },
]);

/** What a material is to the factory: bought in (raw, auxiliary), made and used (semi-finished), sold. */
export const materialType = defineEnum([
  { value: 0, label: '原材料' },
  { value: 1, label: '半成品' },
  { value: 2, label: '成品' },
  { value: 3, label: '辅料' },
]);

export const planType = defineEnum([
  { value: 0, label: '主生产计划' },
  { value: 1, label: '物料需求计划' },
]);

export const experienceType = defineEnum([
  { value: 0, label: '维修' },
  { value: 1, label: '保养' },
]);

/**
 * The spec only says "0 hour or day, up to year". We start at the hour, the finest unit a factory
 * cycle (upkeep interval, warranty, lead time) uses, and add one step per coarser unit.
 */
export const timeUnit = defineEnum([
  { value: 0, label: '小时' },
  { value: 1, label: '天' },
  { value: 2, label: '周' },
  { value: 3, label: '月' },
  { value: 4, label: '年' },
]);

export const inboundType = defineEnum([
  { value: 0, label: '采购入库' },
  { value: 1, label: '生产入库' },
  { value: 2, label: '装箱入库' },
  { value: 3, label: '组托入库' },
  { value: 4, label: '其他入库' },
  // Stock coming back when a production report is withdrawn.
  { value: 5, label: '报工撤回入库' },
]);

/** Which way a stock-in/out type moves stock; it books as an inboundType or an outboundType. */
export const stockDirection = defineEnum([
  { value: 0, label: '入库' },
  { value: 1, label: '出库' },
]);

/** What a stock document does (DOMAIN "Stock documents"): in, out, or between warehouses and locations. */
export const stockDocKind = defineEnum([
  { value: 0, label: '入库' },
  { value: 1, label: '出库' },
  { value: 2, label: '调拨' },
]);

export const outboundType = defineEnum([
  { value: 0, label: '生产领料' },
  { value: 1, label: '销售出库' },
  { value: 2, label: '其他出库' },
  { value: 3, label: '生产投料' },
]);

/** 1 is the upstream order: a sales order for production orders, a production order for work orders. */
export const orderSource = defineEnum([
  { value: 0, label: '新建' },
  { value: 1, label: '销售/生产订单' },
  { value: 2, label: 'ERP' },
]);

/** How MRP supplies a material (DOMAIN "MRP": material parameters). */
export const procurementType = defineEnum([
  { value: 0, label: '自制' },
  { value: 1, label: '外购' },
  { value: 2, label: '委外' },
]);

/** How MRP sizes a material's orders (docs/mrp.md "Lot sizes"). */
export const lotSizeRule = defineEnum([
  { value: 0, label: '按需' },
  { value: 1, label: '固定批量' },
  { value: 2, label: '最小量+倍数' },
  { value: 3, label: '按天数合并' },
]);

/** Where a purchase request came from (DOMAIN "Purchase request"). */
export const purchaseRequestSource = defineEnum([
  { value: 0, label: '手工' },
  { value: 1, label: 'MRP' },
]);

/** Item types of the print engine (its ItemType style); the labels are the engine's own terms. */
export const printItemType = defineEnum([
  { value: 0, label: '普通项' },
  { value: 1, label: '页眉页脚' },
  { value: 2, label: '页号项' },
  { value: 3, label: '页数项' },
  { value: 4, label: '多页项' },
]);

/** Stored as the print engine's codeType strings. */
export const barcodeType = defineEnum([
  { value: 'QRCode', label: '二维码' },
  { value: 'barCode', label: '条形码' },
]);

/** A day of the work calendar (工作日历): rested (a holiday) or worked though the factory rests. */
export const workCalendarKind = defineEnum([
  { value: 0, label: '休息' },
  { value: 1, label: '上班' },
]);

/** What a mould handling document (模具处理单, DOMAIN "Moulds") does to its mould once passed. */
export const mouldHandleType = defineEnum([
  { value: 0, label: '入库' },
  { value: 1, label: '借用' },
  { value: 2, label: '归还' },
  { value: 3, label: '送修' },
  { value: 4, label: '修复' },
  { value: 5, label: '报废' },
]);

/** What a check item (点巡检项目, DOMAIN "Inspection") and its plans and tasks are: 点检, 巡检 or 保养. */
export const checkKind = defineEnum([
  { value: 0, label: '点检' },
  { value: 1, label: '巡检' },
  { value: 2, label: '保养' },
]);

/** How a check item is judged: pass or fail, a measured value against limits, or a written note. */
export const checkValueType = defineEnum([
  { value: 0, label: 'OK/NG' },
  { value: 1, label: '数值' },
  { value: 2, label: '文本' },
]);

/** How often a plan's tasks come (docs/equipment-tasks.md says when each slot starts). */
export const checkFrequency = defineEnum([
  { value: 0, label: '每班' },
  { value: 1, label: '每天' },
  { value: 2, label: '每周' },
  { value: 3, label: '每月' },
  { value: 4, label: '每N天' },
  { value: 5, label: '按运行小时' },
]);

/** One checked item's verdict. */
export const checkResult = defineEnum([
  { value: 0, label: 'OK', color: '#52c41a' },
  { value: 1, label: 'NG', color: '#f5222d' },
]);

/** How an inspection item (检验项目, DOMAIN "Quality → Master data") is judged. */
export const inspectionValueType = defineEnum([
  { value: 0, label: '判定(OK/NG)' },
  { value: 1, label: '计量(数值)' },
  { value: 2, label: '缺陷数' },
]);

/** A defect's severity (不良项目): a critical one rejects the lot whatever the sampling plan says. */
export const defectSeverity = defineEnum([
  { value: 0, label: '致命' },
  { value: 1, label: '严重' },
  { value: 2, label: '轻微' },
]);

/** How many units of a lot a quality inspection plan samples (docs/quality.md). */
export const samplingMode = defineEnum([
  { value: 0, label: '全检' },
  { value: 1, label: '固定数量' },
  { value: 2, label: '按比例' },
  { value: 3, label: '按AQL' },
]);

/** Where non-conforming units are (DOMAIN "Non-conforming handling"), which decides how they are handled. */
export const nonconformingKind = defineEnum([
  { value: 0, label: '在制品' },
  { value: 1, label: '完工待入库' },
  { value: 2, label: '库存批次' },
]);

/** Where a non-conforming record comes from. */
export const nonconformingSource = defineEnum([
  { value: 0, label: '报工不良' },
  { value: 1, label: '检验不合格' },
]);

/** How some non-conforming units were dealt with (处置). */
export const disposition = defineEnum([
  { value: 0, label: '返修' },
  { value: 1, label: '报废' },
  { value: 2, label: '让步接收' },
  { value: 3, label: '退供应商' },
]);

/** What raised an inspection order (DOMAIN "Inspection order → Triggers"). */
export const inspectionSource = defineEnum([
  { value: 0, label: '手工开单' },
  { value: 1, label: '首件报工' },
  { value: 2, label: '完工报工' },
  { value: 3, label: '采购收货' },
]);
