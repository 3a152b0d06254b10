import { desc, eq } from 'drizzle-orm';
import {
  areas,
  batchNumbers,
  customer,
  customerSite,
  equipmentClass,
  generatePackageCodes,
  materials,
  packageInfo,
  packageLevels,
  packages,
  serviceCustomer,
  sitWarehouse,
  supplier,
  tray,
  warehouse,
  warehouseArea,
  warehouseLocation,
} from '../modules/information/index.ts';
import { users } from '../modules/setting/index.ts';
import type { Tx } from '../platform/db.ts';

/** [name, short name, contact, phone, address] */
type Partner = readonly [string, string, string, string, string];

/** A class and the classes under it. */
interface ClassNode {
  name: string;
  children?: readonly ClassNode[];
}

interface WarehouseModel {
  code: string;
  name: string;
  /** user name of the keeper */
  keeper: string;
  address: string;
  /** [area code, area name, location prefix, rows, columns, levels]: locations P-rr-cc-l … */
  areas: readonly (readonly [string, string, string, number, number, number])[];
}

/** A tenant's partners, equipment classes and storage: what the screens of this area show. */
export interface StorageModel {
  suppliers: readonly Partner[];
  customers: readonly Partner[];
  /** Service customers: [name, industry, contact, phone, address, sites [name, contact, phone, address]] */
  serviceCustomers: readonly (readonly [
    string,
    string,
    string,
    string,
    string,
    readonly (readonly [string, string, string, string])[],
  ])[];
  equipmentClasses: readonly ClassNode[];
  warehouses: readonly WarehouseModel[];
  /** [line-side warehouse name, production line (made by the factory model), keeper, place] */
  lineSide: readonly (readonly [string, string, string, string])[];
  /** [tray name, specifications, max load kg, how many] */
  trays: readonly (readonly [string, string, number, number])[];
  /** [material code (made by the materials demo), package name, levels innermost first [name, quantity]] */
  packages: readonly (readonly [string, string, readonly (readonly [string, number])[]])[];
}

const transformer: StorageModel = {
  suppliers: [
    ['江苏某铜业有限公司', '某铜业', '王建国', '0519-86681234', '江苏省常州市武进区铜材产业园8号'],
    ['宝钢硅钢（上海）有限公司', '宝钢硅钢', '李明', '021-26641188', '上海市宝山区富锦路885号'],
    ['魏德曼电力绝缘科技有限公司', '魏德曼绝缘', '张婷', '0512-57231166', '江苏省昆山市开发区'],
    ['某变压器油有限公司', '某变压器油', '刘强', '13962218876', '江苏省泰州市医药城'],
    ['沈阳某套管厂', '某套管', '赵红', '024-88523377', '辽宁省沈阳市铁西区'],
    ['浙江某分接开关有限公司', '某分接开关', '钱伟', '13857012345', '浙江省宁波市北仑区'],
  ],
  customers: [
    ['国网某供电公司', '某供电公司', '孙工', '025-84561234', '江苏省南京市鼓楼区'],
    ['某新能源风电有限公司', '某风电', '周经理', '13905151234', '江苏省盐城市大丰区'],
    ['中铁某电气化局', '某电气化局', '吴工', '010-51881234', '北京市丰台区'],
    ['某石化股份有限公司', '某石化', '郑工', '0574-86441234', '浙江省宁波市镇海区'],
  ],
  serviceCustomers: [
    [
      '国网某供电公司',
      '电网',
      '孙工',
      '025-84561234',
      '江苏省南京市鼓楼区',
      [
        ['某110kV变电站', '李站长', '13813801234', '南京市江宁区'],
        ['某220kV变电站', '陈站长', '13813805678', '南京市浦口区'],
        ['某35kV开关站', '王工', '13913901234', '南京市六合区'],
      ],
    ],
    [
      '某新能源风电有限公司',
      '新能源',
      '周经理',
      '13905151234',
      '江苏省盐城市大丰区',
      [
        ['某海上风电升压站', '许工', '13705151234', '盐城市大丰区海上风电场'],
        ['某陆上风电场35kV集电站', '何工', '13705155678', '盐城市射阳县'],
      ],
    ],
    [
      '中铁某电气化局',
      '轨道交通',
      '吴工',
      '010-51881234',
      '北京市丰台区',
      [['某牵引变电所', '冯工', '13601011234', '沪宁城际某段']],
    ],
  ],
  equipmentClasses: [
    {
      name: '生产设备',
      children: [
        { name: '绕线机', children: [{ name: '立式绕线机' }, { name: '卧式绕线机' }] },
        { name: '硅钢片剪切线', children: [{ name: '纵剪线' }, { name: '横剪线' }] },
        { name: '真空干燥设备' },
        { name: '真空注油设备' },
      ],
    },
    { name: '试验设备', children: [{ name: '局部放电测试系统' }, { name: '变比测试仪' }] },
    { name: '起重运输设备', children: [{ name: '桥式起重机' }, { name: '电动平车' }] },
  ],
  warehouses: [
    {
      code: 'CK001',
      name: '原材料库',
      keeper: 'cangguan01',
      address: '厂区北侧1号库房',
      areas: [
        ['YCL-A', '铜材区', 'A', 3, 4, 2],
        ['YCL-B', '硅钢区', 'B', 2, 4, 2],
        ['YCL-C', '绝缘材料区', 'C', 2, 3, 3],
      ],
    },
    {
      code: 'CK002',
      name: '半成品库',
      keeper: 'cangguan02',
      address: '绕线车间东侧',
      areas: [
        ['BCP-A', '线圈存放区', 'D', 2, 4, 1],
        ['BCP-B', '铁心存放区', 'E', 2, 3, 1],
      ],
    },
    {
      code: 'CK003',
      name: '成品库',
      keeper: 'cangguan02',
      address: '发运区南侧露天堆场',
      areas: [
        ['CP-A', '油浸式变压器区', 'F', 2, 5, 1],
        ['CP-B', '干式变压器区', 'G', 1, 4, 1],
      ],
    },
  ],
  lineSide: [
    ['绕线一线线边仓', '绕线一线', 'cangguan01', '绕线一线入口左侧'],
    ['铁心叠装线边仓', '铁心叠装线', 'cangguan01', '叠装工位旁料架'],
    ['总装一线线边仓', '总装一线', 'cangguan02', '器身装配工位旁'],
  ],
  trays: [
    ['标准木托盘', '1200×1000×150mm', 1500, 6],
    ['钢制重载托盘', '2000×1500×200mm', 5000, 3],
  ],
  packages: [
    ['CP-S13-400', '油浸式变压器木箱包装', [['木箱', 1]]],
    ['CP-SCB13-1000', '干式变压器框架箱', [['框架箱', 1]]],
    [
      'YCL-JY-002',
      '绝缘纸板整托',
      [
        ['捆', 20],
        ['托', 10],
      ],
    ],
    [
      'FL-003',
      '紧固件整箱',
      [
        ['袋', 50],
        ['箱', 20],
      ],
    ],
  ],
};

const machinery: StorageModel = {
  suppliers: [
    ['某特钢股份有限公司', '某特钢', '王工', '0510-86871234', '江苏省江阴市'],
    ['某轴承有限公司', '某轴承', '刘经理', '0379-64881234', '河南省洛阳市'],
    ['某数控系统有限公司', '某数控', '陈工', '13912345678', '江苏省南京市江宁区'],
  ],
  customers: [
    ['某汽车零部件有限公司', '某汽配', '赵经理', '0512-65881234', '江苏省苏州市'],
    ['某航空机械厂', '某航机', '孙工', '029-84521234', '陕西省西安市'],
  ],
  serviceCustomers: [
    [
      '某汽车零部件有限公司',
      '汽车',
      '赵经理',
      '0512-65881234',
      '江苏省苏州市',
      [
        ['一号机加车间', '钱工', '13812341234', '苏州工业园区'],
        ['二号机加车间', '李工', '13812345678', '苏州相城区'],
      ],
    ],
  ],
  equipmentClasses: [
    { name: '机加工设备', children: [{ name: '数控车床' }, { name: '加工中心' }, { name: '磨床' }] },
    { name: '焊接设备', children: [{ name: '焊接机器人' }] },
  ],
  warehouses: [
    {
      code: 'CK001',
      name: '原材料库',
      keeper: 'cangguan01',
      address: '1号厂房西侧',
      areas: [
        ['YCL-A', '棒料区', 'A', 2, 3, 2],
        ['YCL-B', '板材区', 'B', 1, 3, 2],
      ],
    },
    {
      code: 'CK002',
      name: '成品库',
      keeper: 'cangguan02',
      address: '装配车间北侧',
      areas: [['CP-A', '整机区', 'F', 1, 4, 1]],
    },
  ],
  lineSide: [['车削线边仓', '车削线', 'cangguan01', '下料工位旁']],
  trays: [['钢制托盘', '1200×1000×160mm', 3000, 4]],
  packages: [
    [
      'WGJ-BZ-001',
      '主轴轴承包装',
      [
        ['盒', 1],
        ['箱', 10],
      ],
    ],
  ],
};

const electronics: StorageModel = {
  suppliers: [
    ['某电子元器件有限公司', '某元器件', '周工', '0755-86881234', '广东省深圳市'],
    ['某PCB有限公司', '某PCB', '吴经理', '13823456789', '广东省东莞市'],
  ],
  customers: [['某智能家居有限公司', '某家居', '郑经理', '0571-86881234', '浙江省杭州市']],
  serviceCustomers: [],
  equipmentClasses: [{ name: 'SMT设备', children: [{ name: '贴片机' }, { name: '回流焊炉' }] }],
  warehouses: [
    {
      code: 'CK001',
      name: '电子料仓',
      keeper: 'cangguan01',
      address: 'SMT车间旁',
      areas: [['DZ-A', '防潮柜区', 'A', 1, 4, 2]],
    },
  ],
  lineSide: [['SMT一线线边仓', 'SMT一线', 'cangguan01', '印刷机旁料车']],
  trays: [['塑料托盘', '1200×1000×150mm', 1000, 4]],
  packages: [
    [
      'CP-DDZY-001',
      '电能表标准包装',
      [
        ['盒', 1],
        ['箱', 10],
        ['托', 48],
      ],
    ],
  ],
};

export const demoStorage: Readonly<Record<string, StorageModel>> = {
  transformer,
  machinery,
  demo: electronics,
};

const two = (n: number) => String(n).padStart(2, '0');

/**
 * Writes partners, equipment classes, the warehouse model, trays and packages through the same
 * services as the screens (the stock-in/out types every tenant is given when made).
 */
export async function seedStorage(tx: Tx, adminId: number, m: StorageModel): Promise<void> {
  for (const [name, shortName, contact, phone, address] of m.suppliers)
    await supplier.create(tx, adminId, { name, shortName, contact, phone, address });
  for (const [name, shortName, contact, phone, address] of m.customers)
    await customer.create(tx, adminId, { name, shortName, contact, phone, address });
  for (const [name, industry, contact, phone, address, sites] of m.serviceCustomers) {
    const customerId = await serviceCustomer.create(tx, adminId, { name, industry, contact, phone, address });
    for (const [siteName, siteContact, sitePhone, siteAddress] of sites)
      await customerSite.create(tx, adminId, {
        name: siteName,
        customerId,
        contact: siteContact,
        phone: sitePhone,
        address: siteAddress,
      });
  }
  const addClasses = async (nodes: readonly ClassNode[], parentId: number | null) => {
    for (const [i, node] of nodes.entries()) {
      const id = await equipmentClass.create(tx, adminId, { name: node.name, parentId, sort: i + 1 });
      if (node.children) await addClasses(node.children, id);
    }
  };
  await addClasses(m.equipmentClasses, null);

  const userIds = new Map(
    (await tx.select({ id: users.id, userName: users.userName }).from(users)).map((u) => [u.userName, u.id]),
  );
  for (const w of m.warehouses) {
    const warehouseId = await warehouse.create(tx, adminId, {
      code: w.code,
      name: w.name,
      keeperId: userIds.get(w.keeper) ?? null,
      address: w.address,
    });
    for (const [code, name, prefix, rows, columns, levels] of w.areas) {
      const warehouseAreaId = await warehouseArea.create(tx, adminId, { code, name, warehouseId });
      for (let r = 1; r <= rows; r++)
        for (let c = 1; c <= columns; c++)
          for (let l = 1; l <= levels; l++)
            await warehouseLocation.create(tx, adminId, {
              code: `${prefix}-${two(r)}-${two(c)}${levels > 1 ? `-${l}` : ''}`,
              name: `${name}${r}排${c}列${levels > 1 ? `${l}层` : ''}`,
              warehouseAreaId,
            });
    }
  }
  const lineIds = new Map(
    (await tx.select({ id: areas.id, name: areas.name }).from(areas)).map((a) => [a.name, a.id]),
  );
  for (const [name, line, keeper, address] of m.lineSide) {
    const areaId = lineIds.get(line);
    if (areaId)
      await sitWarehouse.create(tx, adminId, {
        name,
        areaId,
        keeperId: userIds.get(keeper) ?? null,
        address,
      });
  }
  for (const [name, specifications, maxLoad, count] of m.trays)
    for (let i = 0; i < count; i++) await tray.create(tx, adminId, { name, specifications, maxLoad });
  const materialIds = new Map(
    (await tx.select({ id: materials.id, code: materials.code }).from(materials)).map((r) => [r.code, r.id]),
  );
  for (const [code, name, levels] of m.packages) {
    const materialId = materialIds.get(code);
    if (materialId)
      await packageInfo.create(tx, adminId, {
        name,
        materialId,
        levels: levels.map(([levelName, quantity]) => ({ name: levelName, quantity })),
      });
  }
}

/** How many lots of packed materials the demo labels, newest first. */
const LABELLED_LOTS = 40;
/** At most this many inner labels per lot. */
const LABELS_PER_LOT = 6;

/**
 * Package codes for the newest lots of the materials that have a package specification, through
 * the 生成包装码 service: one label per inner package (at most six a lot) and one for the outer
 * level where the specification has one, so 包装码 shows labelled lots on first look. Run once the
 * year's stock is written (the lots are the ledger's batches).
 */
export async function seedPackageCodes(tx: Tx, adminId: number): Promise<void> {
  const lots = await tx
    .select({
      lotId: batchNumbers.id,
      quantity: batchNumbers.quantity,
      packageId: packages.id,
    })
    .from(batchNumbers)
    .innerJoin(packages, eq(packages.materialId, batchNumbers.materialId))
    .orderBy(desc(batchNumbers.id))
    .limit(LABELLED_LOTS);
  const levels = await tx
    .select({
      packageId: packageLevels.packageId,
      level: packageLevels.level,
      quantity: packageLevels.quantity,
    })
    .from(packageLevels);
  for (const lot of lots) {
    const own = levels.filter((l) => l.packageId === lot.packageId).sort((a, b) => a.level - b.level);
    if (!own.length) continue;
    const inner = Math.max(1, Number(own[0].quantity) || 1);
    const count = Math.min(LABELS_PER_LOT, Math.max(1, Math.ceil((Number(lot.quantity) || inner) / inner)));
    await generatePackageCodes(tx, adminId, {
      packageId: lot.packageId,
      level: 1,
      count,
      batchNumberId: lot.lotId,
    });
    if (own.length > 1)
      await generatePackageCodes(tx, adminId, {
        packageId: lot.packageId,
        level: 2,
        count: 1,
        batchNumberId: lot.lotId,
      });
  }
}
