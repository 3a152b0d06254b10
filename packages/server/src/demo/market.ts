import { MARKET_CONTACT, MARKET_TABS } from '@factory/shared/api/market';
import { count } from 'drizzle-orm';
import { marketDetails, marketTypes, sanitizeRichText } from '../modules/market/index.ts';
import type { Services } from '../platform/services.ts';

/**
 * The provider's application catalogue (spec 000 §1): global, so it is written once for the whole
 * database, not per tenant. The recommended applications of §1 lead the 生产 tab. Pictures are the
 * web app's static icons (packages/web/public/market/<slug>.svg).
 */
interface App {
  slug: string;
  name: string;
  description: string;
  /** 元起 */
  cost: number;
  features: [string, string, string];
  scene: string;
}
type Tab = (typeof MARKET_TABS)[number];

export const marketCatalogue: Record<Tab, { group: string; apps: App[] }[]> = {
  生产: [
    {
      group: '推荐应用',
      apps: [
        {
          slug: 'call-all',
          name: '一键呼叫',
          description: '工位一键呼叫物料、质检、设备与班组长，响应超时自动升级',
          cost: 6800,
          features: [
            '工位终端一键发起呼叫，按类型推送到责任人',
            '响应、到场、处理全程计时',
            '超时逐级升级并生成异常报表',
          ],
          scene: '装配线、机加工车间等需要快速响应现场异常的场景。',
        },
        {
          slug: 'work-order-engine',
          name: '自定义工单引擎',
          description: '拖拽配置工单字段、状态与流转规则，适配不同车间的工单模式',
          cost: 12800,
          features: [
            '可视化配置工单表单与状态机',
            '按产品、工序设置不同流转规则',
            '支持拆单、合单与返工工单',
          ],
          scene: '多品种小批量、工单形态差异大的离散制造企业。',
        },
        {
          slug: 'approval-flow',
          name: '自定义审批流',
          description: '为计划变更、物料领用、质量放行等业务配置多级审批',
          cost: 9800,
          features: [
            '图形化设计会签、或签、条件分支',
            '审批待办推送到网页与手机',
            '审批记录完整留痕，可追溯',
          ],
          scene: '需要对关键业务单据进行分级审批与留痕的企业。',
        },
        {
          slug: 'smart-scheduling',
          name: '智能排产插件',
          description: '按产能、交期与物料齐套自动排产，甘特图拖拽微调',
          cost: 19800,
          features: [
            '有限产能排程，兼顾交期与换线成本',
            '物料齐套检查，缺料提前预警',
            '插单后一键重排并对比方案',
          ],
          scene: '订单多、交期紧、产线资源需要精细平衡的工厂。',
        },
      ],
    },
    {
      group: '生产执行',
      apps: [
        {
          slug: 'mobile-report',
          name: '移动报工',
          description: '手机或平板扫码报工，实时回传产量、不良与工时',
          cost: 3800,
          features: ['扫工单码即可报工', '自动计算计件工资', '离线报工，联网后自动同步'],
          scene: '车间未部署固定终端、需要灵活报工的场景。',
        },
        {
          slug: 'first-article',
          name: '首件确认',
          description: '开工首件自检、互检、专检三检流程，未确认不得批量生产',
          cost: 4200,
          features: ['首件检验项目按工序配置', '检验结果拍照留存', '未通过首件自动锁定工单'],
          scene: '对首件质量要求严格的机加工、注塑、冲压行业。',
        },
        {
          slug: 'e-sop',
          name: '电子作业指导书',
          description: '工位按工单自动推送图文与视频作业指导，版本统一受控',
          cost: 5600,
          features: ['工位切换工单时自动切换SOP', '支持图片、PDF与视频', '版本发布、审批与回收'],
          scene: '工艺复杂、换型频繁、新员工多的装配车间。',
        },
      ],
    },
    {
      group: '异常管理',
      apps: [
        {
          slug: 'andon',
          name: '安灯异常管理',
          description: '现场异常上报、分派、处理、关闭闭环，停线时长自动统计',
          cost: 7800,
          features: ['声光安灯与系统联动', '异常按类型自动分派', '停线损失与责任部门统计'],
          scene: '流水线生产、需要快速暴露并解决问题的工厂。',
        },
        {
          slug: 'downtime-analysis',
          name: '停机原因分析',
          description: '记录每次停机的原因与时长，柏拉图定位主要损失',
          cost: 4800,
          features: ['停机原因码统一管理', '按产线、班次、原因分析', '改善措施跟踪到关闭'],
          scene: '希望持续降低停机损失、提升稼动率的车间。',
        },
      ],
    },
  ],
  物料: [
    {
      group: '物料追溯',
      apps: [
        {
          slug: 'batch-trace',
          name: '批次追溯',
          description: '从成品序列号正反向追溯原料批次、工序与操作人',
          cost: 8800,
          features: ['正向追溯：原料批次流向哪些成品', '反向追溯：成品用了哪些批次', '一键导出追溯报告'],
          scene: '需要满足客户追溯要求或召回管理的企业。',
        },
        {
          slug: 'label-print',
          name: '条码标签打印',
          description: '物料、半成品、成品标签模板设计与批量打印',
          cost: 2800,
          features: ['拖拽设计标签模板', '支持一维码、二维码', '对接主流标签打印机'],
          scene: '物料与成品需要条码化管理的仓库与产线。',
        },
        {
          slug: 'kitting',
          name: '物料齐套分析',
          description: '按生产计划计算缺料清单，提前驱动采购与备料',
          cost: 6600,
          features: ['按BOM展开计算需求', '结合库存与在途计算缺口', '缺料清单推送采购'],
          scene: '物料种类多、经常因缺料停线的装配型企业。',
        },
      ],
    },
    {
      group: '采购协同',
      apps: [
        {
          slug: 'supplier-portal',
          name: '供应商门户',
          description: '供应商在线确认订单、预约送货、打印送货单',
          cost: 9800,
          features: ['采购订单在线下发与确认', '送货预约与到货提醒', '供应商交付绩效评分'],
          scene: '供应商数量多、沟通依赖电话和表格的企业。',
        },
        {
          slug: 'delivery-booking',
          name: '到货预约',
          description: '供应商预约卸货时段，仓库提前安排人员与库位',
          cost: 3600,
          features: ['按月台和时段预约', '到货签到与排队叫号', '到货异常登记'],
          scene: '收货集中、月台拥堵的工厂仓库。',
        },
      ],
    },
  ],
  商务: [
    {
      group: '销售管理',
      apps: [
        {
          slug: 'quotation',
          name: '报价单生成器',
          description: '按BOM与工艺自动核算成本，一键生成标准报价单',
          cost: 5800,
          features: ['材料、人工、制费自动核算', '报价模板与审批', '报价历史对比'],
          scene: '非标定制产品多、报价依赖经验的企业。',
        },
        {
          slug: 'contract',
          name: '合同管理',
          description: '销售合同起草、审批、归档与履约节点提醒',
          cost: 4800,
          features: ['合同模板与条款库', '付款与交付节点提醒', '合同到期自动预警'],
          scene: '合同量大、履约节点多的销售团队。',
        },
        {
          slug: 'collection',
          name: '回款跟踪',
          description: '应收账款按合同与发货自动生成，逾期自动提醒',
          cost: 3800,
          features: ['按发货自动生成应收', '回款登记与核销', '账龄分析与逾期提醒'],
          scene: '需要加强应收管理、减少坏账的企业。',
        },
      ],
    },
    {
      group: '客户服务',
      apps: [
        {
          slug: 'service-order',
          name: '售后服务工单',
          description: '客户报修、派工、上门、回访全流程在线管理',
          cost: 6800,
          features: ['扫设备二维码报修', '工程师就近派工', '服务报告电子签名'],
          scene: '设备类产品、需要上门安装与维修的企业。',
        },
        {
          slug: 'satisfaction',
          name: '客户满意度回访',
          description: '服务完成后自动发送评价，统计满意度与改进项',
          cost: 2600,
          features: ['短信与公众号推送问卷', '满意度按工程师统计', '差评自动生成改进任务'],
          scene: '重视服务质量、需要量化客户评价的团队。',
        },
      ],
    },
  ],
  仓库: [
    {
      group: '智能仓储',
      apps: [
        {
          slug: 'pda-stock',
          name: 'PDA扫码出入库',
          description: '手持终端扫码收货、上架、拣货、发货，账实一致',
          cost: 7600,
          features: ['扫码收货与质检联动', '推荐库位上架', '按单拣货与复核'],
          scene: '物料品种多、手工记账容易出错的仓库。',
        },
        {
          slug: 'location-map',
          name: '库位可视化',
          description: '二维库位图实时显示库存分布与库位利用率',
          cost: 5200,
          features: ['库区、货架、库位图形化', '按物料高亮库位', '空库位与呆滞库位提示'],
          scene: '仓库面积大、找料耗时的企业。',
        },
        {
          slug: 'stocktake',
          name: '盘点助手',
          description: '按库区生成盘点任务，扫码盘点，差异自动调整',
          cost: 3200,
          features: ['明盘、盲盘、循环盘点', '多人并行扫码盘点', '盘点差异审批后调整'],
          scene: '需要定期盘点、减少停业盘点时间的仓库。',
        },
        {
          slug: 'safety-stock',
          name: '安全库存预警',
          description: '按消耗速度计算安全库存，低于阈值自动提醒补货',
          cost: 2800,
          features: ['按历史消耗计算建议值', '低库存消息推送', '呆滞库存预警'],
          scene: '希望降低库存又不断料的企业。',
        },
      ],
    },
    {
      group: '物流配送',
      apps: [
        {
          slug: 'line-feeding',
          name: '线边配送',
          description: '按工单节拍生成配送任务，物料准时送达线边',
          cost: 6200,
          features: ['按节拍拉动配送', '配送任务推送到PDA', '线边库存实时扣减'],
          scene: '装配线物料需要按时按量配送的工厂。',
        },
        {
          slug: 'shipping',
          name: '发货装车管理',
          description: '按销售订单备货、装车扫码与发货单打印',
          cost: 4600,
          features: ['备货任务与装车计划', '装车扫码防错发', '发货单与物流单打印'],
          scene: '发货频繁、错发漏发损失大的企业。',
        },
      ],
    },
  ],
  工装模具: [
    {
      group: '模具管理',
      apps: [
        {
          slug: 'mould-life',
          name: '模具寿命管理',
          description: '自动累计模次，临近寿命提醒维修或更换',
          cost: 5800,
          features: ['按报工自动累计模次', '寿命阈值预警', '模具履历完整记录'],
          scene: '注塑、压铸、冲压等依赖模具的生产企业。',
        },
        {
          slug: 'mould-maintenance',
          name: '模具保养提醒',
          description: '按模次或周期生成保养任务，保养记录可追溯',
          cost: 3800,
          features: ['按模次或时间触发保养', '保养项目清单化', '保养记录与照片留存'],
          scene: '模具数量多、保养依赖人工记忆的车间。',
        },
      ],
    },
    {
      group: '工装夹具',
      apps: [
        {
          slug: 'fixture-loan',
          name: '工装借还登记',
          description: '工装夹具扫码借出、归还与状态管理',
          cost: 2600,
          features: ['扫码借还，记录领用人', '超期未还提醒', '工装状态与位置查询'],
          scene: '工装夹具共用、经常找不到的车间。',
        },
        {
          slug: 'fixture-calibration',
          name: '工装校验管理',
          description: '工装定期校验计划与校验结果记录',
          cost: 3200,
          features: ['校验周期自动排程', '校验不合格自动停用', '校验证书归档'],
          scene: '对工装精度有要求的精密加工企业。',
        },
      ],
    },
  ],
  设备: [
    {
      group: '设备运维',
      apps: [
        {
          slug: 'inspection-app',
          name: '设备点检小程序',
          description: '扫设备码按点检标准逐项打卡，异常即时报修',
          cost: 3600,
          features: ['点检标准按设备类型配置', '漏检自动提醒', '异常一键转维修'],
          scene: '设备多、点检依赖纸质表单的工厂。',
        },
        {
          slug: 'predictive-maintenance',
          name: '预测性维护',
          description: '基于振动、温度等数据趋势预测故障，提前安排维护',
          cost: 29800,
          features: ['关键参数趋势监测', '异常模式识别预警', '维护建议自动生成'],
          scene: '关键设备停机损失大的连续生产企业。',
        },
        {
          slug: 'spare-life',
          name: '备件寿命分析',
          description: '统计备件更换周期，优化备件库存与采购计划',
          cost: 4200,
          features: ['备件更换记录自动汇总', '平均寿命与更换周期分析', '备件采购建议'],
          scene: '备件种类多、库存资金占用高的企业。',
        },
      ],
    },
    {
      group: '数据采集',
      apps: [
        {
          slug: 'iot-gateway',
          name: '设备联网采集',
          description: '对接PLC与数控系统，采集运行状态、产量与参数',
          cost: 15800,
          features: ['支持主流PLC与数控协议', '状态、产量、参数实时采集', '断网缓存与续传'],
          scene: '希望实现设备数据自动采集、告别手工记录的工厂。',
        },
        {
          slug: 'oee',
          name: 'OEE分析',
          description: '自动计算设备综合效率，分解时间、性能与质量损失',
          cost: 8800,
          features: ['可用率、性能率、良品率自动计算', '六大损失分析', '班次与设备对比'],
          scene: '推行TPM、需要量化设备效率的企业。',
        },
      ],
    },
  ],
  质检: [
    {
      group: '质量管理',
      apps: [
        {
          slug: 'spc',
          name: 'SPC统计过程控制',
          description: '关键尺寸实时控制图，异常判异规则自动报警',
          cost: 12800,
          features: ['均值-极差、单值等控制图', '八项判异规则', 'CPK过程能力分析'],
          scene: '汽车零部件等需要过程能力证明的企业。',
        },
        {
          slug: 'iqc-mobile',
          name: '来料检验移动端',
          description: '手机扫码领取检验任务，录入结果并拍照',
          cost: 3800,
          features: ['到货自动生成检验任务', 'AQL抽样方案', '检验报告自动生成'],
          scene: '来料批次多、检验记录纸质化的企业。',
        },
        {
          slug: 'mrb',
          name: '不良品评审',
          description: '不合格品隔离、评审、处置（返工、让步、报废）闭环',
          cost: 5600,
          features: ['不合格品扫码隔离', '多部门会签评审', '处置结果联动库存'],
          scene: '需要规范不合格品处置流程的企业。',
        },
        {
          slug: 'report-8d',
          name: '8D问题解决',
          description: '客诉与重大质量问题按8D方法在线协作处理',
          cost: 4800,
          features: ['D1-D8步骤模板化', '任务分派与到期提醒', '8D报告一键导出'],
          scene: '需要向客户提交8D报告的供应商。',
        },
      ],
    },
    {
      group: '计量检测',
      apps: [
        {
          slug: 'gauge',
          name: '计量器具管理',
          description: '量检具台账、送检计划与校准证书管理',
          cost: 3200,
          features: ['量具台账与二维码', '送检到期提醒', '校准证书电子归档'],
          scene: '量检具多、需通过体系审核的企业。',
        },
        {
          slug: 'test-report',
          name: '检测报告生成',
          description: '按模板自动汇总检验数据生成出厂检测报告',
          cost: 3600,
          features: ['报告模板自定义', '检验数据自动填充', '报告电子签章'],
          scene: '每批产品都需随货提供检测报告的企业。',
        },
      ],
    },
  ],
  看板: [
    {
      group: '车间看板',
      apps: [
        {
          slug: 'workshop-screen',
          name: '车间大屏看板',
          description: '产量、达成率、异常与设备状态在车间大屏实时展示',
          cost: 6800,
          features: ['多种看板模板开箱即用', '数据秒级刷新', '多屏轮播'],
          scene: '需要目视化管理、让现场数据透明的车间。',
        },
        {
          slug: 'delivery-board',
          name: '订单交付看板',
          description: '订单进度、预计完工与延期风险一目了然',
          cost: 4800,
          features: ['订单进度按工序展示', '延期风险自动标红', '按客户筛选'],
          scene: '交期压力大、需要每日跟进订单的计划部门。',
        },
        {
          slug: 'quality-board',
          name: '质量看板',
          description: '直通率、不良分布与客诉趋势实时呈现',
          cost: 4200,
          features: ['直通率与不良率趋势', '不良柏拉图', '客诉处理进度'],
          scene: '需要每日质量例会、快速定位问题的工厂。',
        },
      ],
    },
    {
      group: '管理驾驶舱',
      apps: [
        {
          slug: 'cockpit',
          name: '经营驾驶舱',
          description: '汇总产、销、存、质量与设备关键指标，面向管理层',
          cost: 16800,
          features: ['关键指标一屏总览', '指标下钻到明细', '手机端随时查看'],
          scene: '管理层需要随时掌握工厂经营状况的企业。',
        },
        {
          slug: 'report-designer',
          name: '自定义报表设计器',
          description: '拖拽字段设计报表与图表，无需开发',
          cost: 8800,
          features: ['拖拽设计表格与图表', '报表权限按角色控制', '定时推送报表'],
          scene: '报表需求多变、依赖IT开发的企业。',
        },
      ],
    },
  ],
  变压器行业: [
    {
      group: '变压器专项',
      apps: [
        {
          slug: 'winding-params',
          name: '绕线工艺参数管理',
          description: '按型号下发绕线匝数、线规与张力参数，过程数据自动记录',
          cost: 9800,
          features: ['型号工艺参数库', '参数下发到绕线机', '匝数与张力过程记录'],
          scene: '配电变压器、干式变压器绕线车间。',
        },
        {
          slug: 'core-stacking',
          name: '铁芯叠片计算',
          description: '按铁芯规格自动计算叠片尺寸、片数与硅钢片用量',
          cost: 6800,
          features: ['叠片方案自动计算', '硅钢片用量与损耗核算', '剪切清单导出'],
          scene: '自制铁芯的变压器制造企业。',
        },
        {
          slug: 'factory-test',
          name: '出厂试验报告',
          description: '对接试验台采集例行试验数据，自动生成出厂试验报告',
          cost: 12800,
          features: ['对接综合试验台', '试验项目按标准配置', '报告按产品编号归档'],
          scene: '每台变压器需随货提供出厂试验报告的企业。',
        },
      ],
    },
    {
      group: '油务与干燥',
      apps: [
        {
          slug: 'oil-management',
          name: '变压器油务管理',
          description: '绝缘油进厂检验、过滤处理与注油记录',
          cost: 5800,
          features: ['油品检验记录', '滤油与真空注油过程记录', '油罐库存管理'],
          scene: '油浸式变压器生产企业。',
        },
        {
          slug: 'vacuum-drying',
          name: '真空干燥监控',
          description: '器身干燥过程温度、真空度曲线记录与超限报警',
          cost: 7800,
          features: ['干燥罐参数实时采集', '工艺曲线对比', '超限报警与记录'],
          scene: '需要管控器身干燥质量的变压器企业。',
        },
      ],
    },
  ],
  其他: [
    {
      group: '协同办公',
      apps: [
        {
          slug: 'wecom',
          name: '企业微信集成',
          description: '待办、审批与异常消息推送到企业微信',
          cost: 3800,
          features: ['组织架构同步', '消息推送与待办提醒', '企业微信内免登录访问'],
          scene: '使用企业微信办公的企业。',
        },
        {
          slug: 'dingtalk',
          name: '钉钉集成',
          description: '消息推送、审批与单点登录对接钉钉',
          cost: 3800,
          features: ['组织架构同步', '审批与消息推送', '钉钉工作台免登录'],
          scene: '使用钉钉办公的企业。',
        },
        {
          slug: 'sms',
          name: '短信通知包',
          description: '异常、审批与到期提醒通过短信送达',
          cost: 800,
          features: ['按场景配置短信模板', '发送记录可查', '余量不足提醒'],
          scene: '一线人员不常使用电脑与办公软件的企业。',
        },
      ],
    },
    {
      group: '开放平台',
      apps: [
        {
          slug: 'erp-connector',
          name: 'ERP接口对接',
          description: '与金蝶、用友等ERP同步物料、BOM、订单与库存',
          cost: 19800,
          features: ['主数据双向同步', '订单与库存实时对接', '对接日志与失败重试'],
          scene: '已使用ERP、需要与车间系统打通的企业。',
        },
        {
          slug: 'open-api',
          name: '开放API套件',
          description: '标准开放接口与开发文档，支持自建系统对接',
          cost: 9800,
          features: ['覆盖主要业务对象的接口', '接口密钥与调用限额', '调用日志与统计'],
          scene: '有自研能力、需要二次开发的企业。',
        },
      ],
    },
  ],
};

const yuan = (n: number) => n.toLocaleString('zh-CN');

const introductionOf = (app: App) =>
  [
    `<p>${app.description}。</p>`,
    '<h3>核心功能</h3>',
    `<ul>${app.features.map((f) => `<li>${f}</li>`).join('')}</ul>`,
    '<h3>适用场景</h3>',
    `<p>${app.scene}</p>`,
  ].join('');

const paymentOf = (app: App) =>
  [
    '<table><thead><tr><th>版本</th><th>价格</th><th>说明</th></tr></thead><tbody>',
    `<tr><td>标准版</td><td>${yuan(app.cost)} 元/年起</td><td>核心功能，含 20 个用户</td></tr>`,
    `<tr><td>专业版</td><td>${yuan(app.cost * 2)} 元/年起</td><td>全部功能，用户数不限，含上线实施</td></tr>`,
    '<tr><td>私有部署</td><td>面议</td><td>部署在企业自有服务器，含源码级定制</td></tr>',
    '</tbody></table>',
    `<p>开通方式：联系服务商（${MARKET_CONTACT.name}，电话 ${MARKET_CONTACT.phone}），签订服务协议后由服务商为您开通。</p>`,
  ].join('');

/**
 * Writes the catalogue once: only while the market has no group, so a restart, or a catalogue the
 * provider already maintains, is left alone. Runs as the owner: the tables belong to no tenant.
 */
export async function seedMarketCatalogue(services: Services): Promise<boolean> {
  return services.db.withSystem(async (tx) => {
    const [{ n }] = await tx.select({ n: count() }).from(marketTypes);
    if (n > 0) return false;
    for (const [tabIndex, tab] of MARKET_TABS.entries()) {
      for (const [groupIndex, { group, apps }] of marketCatalogue[tab].entries()) {
        const [type] = await tx
          .insert(marketTypes)
          .values({ tableId: tabIndex + 1, name: group, sort: groupIndex + 1 })
          .returning({ id: marketTypes.id });
        await tx.insert(marketDetails).values(
          apps.map((app, i) => ({
            marketTypeId: type.id,
            name: app.name,
            description: app.description,
            cost: app.cost.toFixed(2),
            picture: `/market/${app.slug}.svg`,
            introduction: sanitizeRichText(introductionOf(app)),
            payment: sanitizeRichText(paymentOf(app)),
            sort: i + 1,
          })),
        );
      }
    }
    return true;
  });
}
