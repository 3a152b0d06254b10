import type { CustomerCascade } from '@factory/shared/api/information';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Calls, callsAs, workbook } from '../../testing/calls.ts';
import { createHarness, type Harness } from '../../testing/harness.ts';

let h: Harness;
let a: Calls;
let viewer: Calls;
let other: Calls;
const SUP = 'basicData/unit/private/supplier/';
const CUS = 'basicData/unit/private/customer/';
const SVC = 'basicData/private/customer/';
const SITE = 'basicData/private/customerSite/';
type Partner = {
  id: number;
  code: string;
  name: string;
  shortName: string | null;
  contact: string | null;
  phone: string | null;
  address: string | null;
  isEnabled: number;
  industry?: string | null;
  remark: string | null;
};
type Site = Partner & { customerId: number; customerName: string };

beforeAll(async () => {
  h = await createHarness();
  await h.addTenant('partner', [{ userName: 'viewer', modules: [] }]);
  await h.addTenant('other');
  a = callsAs(h, await h.login('partner', 'admin'));
  viewer = callsAs(h, await h.login('partner', 'viewer'));
  other = callsAs(h, await h.login('other', 'admin'));
});
afterAll(() => h.close());

describe('suppliers', () => {
  let copper: Partner;

  it('adds with a numbered code when left empty, trims, and reads back', async () => {
    copper = await a.ok<Partner>(
      a.post(`${SUP}addSupplier`, {
        name: '江苏某铜业有限公司',
        shortName: '某铜业',
        contact: '  王经理 ',
        phone: '13812345678',
        address: '江苏省常州市',
      }),
    );
    expect(copper).toMatchObject({ code: 'GYS0001', contact: '王经理', isEnabled: 1, remark: null });
    expect(await a.ok(a.get(`${SUP}getSupplierDetail`, { id: copper.id }))).toEqual(copper);
    const landline = await a.ok<Partner>(
      a.post(`${SUP}addSupplier`, { code: 'GYS0100', name: '宝钢硅钢', phone: '021-26641234' }),
    );
    expect(landline.phone).toBe('021-26641234');
    expect(await a.ok(a.get(`${SUP}getMaxSupplierCode`))).toBe('GYS0101');
  });

  it('refuses a bad phone, a missing name and a duplicate code or name, naming the field', async () => {
    const phone = await a.post(`${SUP}addSupplier`, { name: '坏电话', phone: '12345' });
    expect(phone.body.errorCode).toBe(1);
    expect(phone.body.errorMsg).toBe('请输入11位手机号或带区号的固定电话（如 021-12345678）');
    const missing = await a.post(`${SUP}addSupplier`, { code: 'GYS0200' });
    expect(JSON.stringify(missing.body.result)).toContain('供应商名称');
    const dupCode = await a.post(`${SUP}addSupplier`, { code: 'GYS0001', name: '另一家' });
    expect(dupCode.body).toMatchObject({ errorCode: 7, errorMsg: '供应商编码“GYS0001”已存在' });
    const dupName = await a.post(`${SUP}addSupplier`, { name: '宝钢硅钢' });
    expect(dupName.body).toMatchObject({ errorCode: 7, errorMsg: '供应商名称“宝钢硅钢”已存在' });
  });

  it('updates, disables (gone from the select list) and enables again', async () => {
    const changed = await a.ok<Partner>(
      a.put(`${SUP}updateOne`, { id: copper.id, phone: '', remark: '年度框架' }),
    );
    expect(changed).toMatchObject({ phone: null, remark: '年度框架', name: '江苏某铜业有限公司' });
    await a.ok(a.get(`${SUP}disable`, { id: copper.id }));
    const select = await a.ok<{ records: Partner[] }>(a.get(`${SUP}getSupplierList`, { page: 1, limit: 20 }));
    expect(select.records.map((s) => s.name)).toEqual(['宝钢硅钢']);
    const disabled = await a.page<Partner>(`${SUP}getSupplierListPage`, [
      { fieldName: 'isEnabled', operator: 'eq', fieldValue: 0 },
    ]);
    expect(disabled.content.map((s) => s.code)).toEqual(['GYS0001']);
    await a.ok(a.get(`${SUP}enable`, { id: copper.id }));
  });

  it('imports valid rows and reports bad ones, all or nothing', async () => {
    const header = ['供应商编码', '供应商名称', '简称', '联系人', '联系电话', '地址', '状态', '备注'];
    const bad = await workbook(header, [
      ['GYS0300', '某绝缘材料厂', '', '', '0519-8888888', '', '启用', ''],
      ['GYS0301', '某电磁线厂', '', '', '888', '', '', ''],
      ['GYS0302', '宝钢硅钢', '', '', '', '', '', ''],
    ]);
    const checked = (await a.upload(`${SUP}importSupplier`, 'check', bad)).result as {
      errors: { row: number; column: string; reason: string }[];
    };
    expect(checked.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ row: 3, column: '联系电话' }),
        expect.objectContaining({ row: 4, column: '供应商名称', reason: '已存在' }),
      ]),
    );
    expect((await a.upload(`${SUP}importSupplier`, 'write', bad)).errorCode).toBe(1);
    const good = await workbook(header, [
      ['GYS0300', '某绝缘材料厂', '绝缘', '李工', '0519-8888888', '江苏常州', '停用', ''],
      ['', '某电磁线厂', '', '', '', '', '', ''],
    ]);
    expect(await a.upload(`${SUP}importSupplier`, 'write', good)).toMatchObject({
      errorCode: 0,
      result: { written: 2 },
    });
    const all = await a.page<Partner>(`${SUP}getSupplierListPage`, [], '+code');
    expect(all.content.map((s) => [s.code, s.name, s.isEnabled])).toEqual([
      ['GYS0001', '江苏某铜业有限公司', 1],
      ['GYS0100', '宝钢硅钢', 1],
      // an empty code takes the next number
      ['GYS0101', '某电磁线厂', 1],
      ['GYS0300', '某绝缘材料厂', 0],
    ]);
  });

  it('exports the chosen columns in list order', async () => {
    const rows = await a.exported(`${SUP}export`, { columns: 'code,name,phone', order: '+code' });
    expect(rows[0]).toEqual(['供应商编码', '供应商名称', '联系电话']);
    expect(rows[2]).toEqual(['GYS0100', '宝钢硅钢', '021-26641234']);
    expect(rows).toHaveLength(5);
  });

  it('deletes, answers code 3 without the key and hides one tenant from another', async () => {
    expect((await viewer.post(`${SUP}addSupplier`, { name: 'X' })).body.errorCode).toBe(3);
    expect((await other.page(`${SUP}getSupplierListPage`)).total).toBe(0);
    expect((await other.del(`${SUP}deleteOne`, copper.id)).body.errorCode).toBe(4);
    await a.ok(a.del(`${SUP}deleteOne`, copper.id));
    expect((await a.get(`${SUP}getSupplierDetail`, { id: copper.id })).body.errorCode).toBe(4);
  });
});

describe('sales customers', () => {
  it('are a list of their own, numbered KH', async () => {
    const grid = await a.ok<Partner>(
      a.post(`${CUS}addCustomer`, { name: '国网某供电公司', contact: '赵工', phone: '025-84561234' }),
    );
    expect(grid.code).toBe('KH0001');
    expect((await a.post(`${CUS}addCustomer`, { name: '国网某供电公司' })).body.errorCode).toBe(7);
    // the same name may be a supplier too: the lists are separate
    await a.ok(a.post(`${CUS}addCustomer`, { name: '宝钢硅钢' }));
    expect((await a.page(`${CUS}getCustomerListPage`)).total).toBe(2);
  });
});

describe('service customers and their sites', () => {
  let grid: Partner;
  let wind: Partner;
  let sub110: Site;

  it('adds customers with their industry and sites under them', async () => {
    grid = await a.ok<Partner>(a.post(`${SVC}addCustomer`, { name: '国网某供电公司', industry: '电网' }));
    wind = await a.ok<Partner>(a.post(`${SVC}addCustomer`, { name: '某风电场', industry: '新能源' }));
    const idle = await a.ok<Partner>(a.post(`${SVC}addCustomer`, { name: '停用客户', isEnabled: 0 }));
    expect([grid.code, wind.code, idle.code]).toEqual(['FWKH0001', 'FWKH0002', 'FWKH0003']);
    sub110 = await a.ok<Site>(
      a.post(`${SITE}addCustomerSite`, { name: '某110kV变电站', customerId: grid.id, phone: '13900001111' }),
    );
    expect(sub110).toMatchObject({ code: 'XC0001', customerName: '国网某供电公司', customerId: grid.id });
    await a.ok(a.post(`${SITE}addCustomerSite`, { name: '某220kV变电站', customerId: grid.id }));
    // site names repeat across customers
    await a.ok(a.post(`${SITE}addCustomerSite`, { name: '1号升压站', customerId: wind.id }));
    await a.ok(a.post(`${SITE}addCustomerSite`, { name: '1号升压站', customerId: idle.id }));
    const missing = await a.post(`${SITE}addCustomerSite`, { name: '无主' });
    expect(JSON.stringify(missing.body.result)).toContain('所属客户');
    const foreign = await other.post(`${SITE}addCustomerSite`, { name: 'X', customerId: grid.id });
    expect(foreign.body.errorMsg).toBe('所选所属客户不存在或已被删除');
  });

  it('filters sites by customer id or name', async () => {
    const byId = await a.page<Site>(`${SITE}getCustomerSiteListPage`, [
      { fieldName: 'customerId', operator: 'eq', fieldValue: grid.id },
    ]);
    expect(byId.content.map((s) => s.name)).toEqual(['某110kV变电站', '某220kV变电站']);
    const byName = await a.page<Site>(`${SITE}getCustomerSiteListPage`, [
      { fieldName: 'customerName', operator: 'like', fieldValue: '风电' },
    ]);
    expect(byName.content.map((s) => s.code)).toEqual(['XC0003']);
  });

  it('getAllCustomer answers the cascader of enabled customers and their sites', async () => {
    const tree = await a.ok<CustomerCascade[]>(a.get(`${SVC}getAllCustomer`));
    expect(tree).toEqual([
      {
        value: grid.id,
        label: '国网某供电公司',
        children: [
          { value: sub110.id, label: '某110kV变电站' },
          { value: expect.any(Number), label: '某220kV变电站' },
        ],
      },
      { value: wind.id, label: '某风电场', children: [{ value: expect.any(Number), label: '1号升压站' }] },
    ]);
    expect(await other.ok(other.get(`${SVC}getAllCustomer`))).toEqual([]);
  });

  it('refuses deleting a customer with sites, naming them; deletes it once they are gone', async () => {
    const refused = await a.del(`${SVC}deleteOne`, grid.id);
    expect(refused.body).toMatchObject({
      errorCode: 5,
      errorMsg: '“国网某供电公司”下还有客户现场“某110kV变电站、某220kV变电站”，请先删除这些现场',
    });
    const sites = await a.page<Site>(`${SITE}getCustomerSiteListPage`, [
      { fieldName: 'customerId', operator: 'eq', fieldValue: grid.id },
    ]);
    for (const s of sites.content) await a.ok(a.del(`${SITE}deleteOne`, s.id));
    await a.ok(a.del(`${SVC}deleteOne`, grid.id));
  });

  it('imports sites naming their customer, refusing an unknown one', async () => {
    const header = ['现场编码', '现场名称', '所属客户', '联系人', '联系电话', '地址', '备注'];
    const bad = await workbook(header, [
      ['XC0100', '2号升压站', '某风电场', '', '', '', ''],
      ['XC0101', '某站', '不存在的客户', '', '', '', ''],
    ]);
    const checked = (await a.upload(`${SITE}importCustomerSite`, 'check', bad)).result as {
      errors: { row: number; column: string; reason: string }[];
    };
    expect(checked.errors).toEqual([
      expect.objectContaining({ row: 3, column: '所属客户', reason: '未找到名称为“不存在的客户”的所属客户' }),
    ]);
    const good = await workbook(header, [['XC0100', '2号升压站', '某风电场', '钱工', '13700002222', '', '']]);
    expect((await a.upload(`${SITE}importCustomerSite`, 'write', good)).errorCode).toBe(0);
    const tree = await a.ok<CustomerCascade[]>(a.get(`${SVC}getAllCustomer`));
    expect(tree[0].children.map((c) => c.label)).toEqual(['1号升压站', '2号升压站']);
    expect(
      (await viewer.get(`${SITE}getCustomerSiteListPage`, { currentPage: 1, pageSize: 20 })).body.errorCode,
    ).toBe(3);
  });
});
