import {
  MARKET_BASE,
  MARKET_TABS,
  type MarketCard,
  type MarketCategory,
  type MarketDetail,
  marketMessages,
} from '@factory/shared/api/market';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { marketCatalogue, seedMarketCatalogue } from '../../demo/market.ts';
import { callsAs, searchVal } from '../../testing/calls.ts';
import { createHarness, type Harness } from '../../testing/harness.ts';
import { png, uploadImage } from '../../testing/images.ts';

const TYPES = `${MARKET_BASE}marketType/getMarketTypeList`;
const DETAIL = `${MARKET_BASE}marketDetail/`;

let h: Harness;
/** The provider's admin, a provider user holding the market pages' keys, one holding none, another tenant's admin. */
let provider: ReturnType<typeof callsAs>;
let editor: ReturnType<typeof callsAs>;
let viewer: ReturnType<typeof callsAs>;
let customer: ReturnType<typeof callsAs>;
let customerToken: string;
let providerToken: string;

beforeAll(async () => {
  h = await createHarness();
  expect(await seedMarketCatalogue(h.services)).toBe(true);
  // written once: a second start leaves the catalogue alone
  expect(await seedMarketCatalogue(h.services)).toBe(false);
  await h.addTenant(
    'provider',
    [
      { userName: 'editor', modules: ['ApplyMarket', 'applyDetails'] },
      { userName: 'viewer', modules: [] },
    ],
    { providerConsole: true, appMarketButton: true },
  );
  await h.addTenant('customer');
  providerToken = await h.login('provider', 'admin');
  provider = callsAs(h, providerToken);
  editor = callsAs(h, await h.login('provider', 'editor'));
  viewer = callsAs(h, await h.login('provider', 'viewer'));
  customerToken = await h.login('customer', 'admin');
  customer = callsAs(h, customerToken);
});
afterAll(() => h.close());

const tab = async (as: ReturnType<typeof callsAs>, tableId: number, searchKeyword?: string) =>
  as.ok<MarketCategory[]>(
    as.get(TYPES, {
      searchVal: await searchVal([{ fieldName: 'tableId', operator: 'eq', fieldValue: tableId }]),
      ...(searchKeyword === undefined ? {} : { searchKeyword }),
    }),
  );
const firstApp = async (name: string) => {
  const cards = await customer.ok<MarketCard[]>(
    customer.get(`${DETAIL}getMarketDetailList`, {
      searchVal: await searchVal([{ fieldName: 'name', operator: 'like', fieldValue: name }]),
    }),
  );
  return cards[0];
};

describe('reading the market (any signed-in user of any tenant)', () => {
  it('lists a tab with its groups in order, the recommended applications first', async () => {
    const [production] = await tab(customer, 1);
    expect(production).toMatchObject({ tableId: 1, tableName: '生产' });
    expect(production.marketTypeList.map((t) => t.name)).toEqual(marketCatalogue.生产.map((g) => g.group));
    const recommended = production.marketTypeList[0];
    expect(recommended.marketDetailList.map((d) => d.name)).toEqual([
      '一键呼叫',
      '自定义工单引擎',
      '自定义审批流',
      '智能排产插件',
    ]);
    expect(recommended.marketDetailList[0]).toMatchObject({
      cost: 6800,
      picture: '/market/call-all.svg',
      description: expect.stringContaining('一键呼叫'),
    });
    const transformer = await tab(customer, 9);
    expect(transformer).toHaveLength(1);
    expect(transformer[0].tableName).toBe('变压器行业');
  });

  it('answers every tab without a filter, each with 1–3 groups of 2–5 applications', async () => {
    const all = await customer.ok<MarketCategory[]>(customer.get(TYPES));
    expect(all.map((c) => c.tableName)).toEqual([...MARKET_TABS]);
    for (const c of all) {
      expect(c.marketTypeList.length).toBeGreaterThanOrEqual(1);
      expect(c.marketTypeList.length).toBeLessThanOrEqual(3);
      for (const g of c.marketTypeList.slice(c.tableId === 1 ? 1 : 0)) {
        expect(g.marketDetailList.length).toBeGreaterThanOrEqual(2);
        expect(g.marketDetailList.length).toBeLessThanOrEqual(5);
      }
    }
  });

  it('searches by part of the name within the tab, showing only groups that found something', async () => {
    const [found] = await tab(customer, 1, '呼叫');
    expect(found.marketTypeList.map((t) => t.name)).toEqual(['推荐应用']);
    expect(found.marketTypeList[0].marketDetailList.map((d) => d.name)).toEqual(['一键呼叫']);
    const [none] = await tab(customer, 1, '库位');
    expect(none).toMatchObject({ tableName: '生产', marketTypeList: [] });
    // like-wildcards are plain characters
    const [wild] = await tab(customer, 1, '%');
    expect(wild.marketTypeList).toEqual([]);
  });

  it('refuses filters the list does not declare', async () => {
    for (const fieldName of ['cost', 'name']) {
      const res = await customer.get(TYPES, {
        searchVal: await searchVal([{ fieldName, operator: 'like', fieldValue: '1' }]),
      });
      expect(res.body, fieldName).toMatchObject({ errorCode: 1, errorMsg: `不支持按“${fieldName}”查询` });
    }
  });

  it('lists applications across groups by tab, group or name', async () => {
    const list = async (filters: unknown[]) =>
      customer.ok<MarketCard[]>(
        customer.get(`${DETAIL}getMarketDetailList`, { searchVal: await searchVal(filters) }),
      );
    const quality = await list([{ fieldName: 'tableId', operator: 'eq', fieldValue: 7 }]);
    expect(quality.map((c) => c.name)).toEqual(
      marketCatalogue.质检.flatMap((g) => g.apps.map((a) => a.name)),
    );
    const [first] = quality;
    const sameGroup = await list([
      { fieldName: 'marketTypeId', operator: 'eq', fieldValue: first.marketTypeId },
    ]);
    expect(sameGroup.map((c) => c.name)).toEqual(marketCatalogue.质检[0].apps.map((a) => a.name));
    expect(
      (await list([{ fieldName: 'name', operator: 'like', fieldValue: '看板' }])).map((c) => c.name),
    ).toEqual(['车间大屏看板', '订单交付看板', '质量看板']);
  });

  it('gives an application with its group, tab and rich text', async () => {
    const card = await firstApp('智能排产');
    const detail = await customer.ok<MarketDetail>(
      customer.get(`${DETAIL}getMarketDetailDetail`, { id: card.id }),
    );
    expect(detail).toMatchObject({
      name: '智能排产插件',
      marketTypeName: '推荐应用',
      tableId: 1,
      tableName: '生产',
      cost: 19800,
    });
    expect(detail.introduction).toContain('<h3>核心功能</h3>');
    expect(detail.payment).toContain('<table>');
    const missing = await customer.get(`${DETAIL}getMarketDetailDetail`, { id: 999_999 });
    expect(missing.body).toMatchObject({ errorCode: 4, errorMsg: '应用不存在或已被删除' });
  });

  it('needs a signed-in user', async () => {
    const res = await h.call('GET', TYPES);
    expect(res.body.errorCode).toBe(2);
  });
});

describe("changing the catalogue (the provider's tenant only)", () => {
  let groupId: number;
  beforeAll(async () => {
    groupId = (await tab(provider, 10))[0].marketTypeList[0].id;
  });

  it('checks every field of a new application, in Chinese', async () => {
    const empty = await provider.post(`${DETAIL}addMarketDetail`, {});
    expect(empty.body.errorCode).toBe(1);
    expect(empty.body.result).toEqual(
      expect.arrayContaining([
        { field: 'marketTypeId', message: '请选择应用分组' },
        { field: 'name', message: '请输入名称' },
        { field: 'description', message: '请输入描述' },
      ]),
    );
    const base = { marketTypeId: groupId, name: '新应用', description: '说明' };
    const noCost = await provider.post(`${DETAIL}addMarketDetail`, { ...base, picture: 'x' });
    expect(noCost.body.result).toEqual([{ field: 'cost', message: '请输入价格' }]);
    const noPicture = await provider.post(`${DETAIL}addMarketDetail`, { ...base, cost: 100 });
    expect(noPicture.body.result).toEqual([{ field: 'picture', message: '请上传图片' }]);
    const blank = await provider.post(`${DETAIL}addMarketDetail`, {
      ...base,
      name: '',
      cost: 1,
      picture: 'x',
    });
    expect(blank.body.result).toEqual([{ field: 'name', message: '请输入名称' }]);
    const negative = await provider.post(`${DETAIL}addMarketDetail`, { ...base, cost: -1, picture: 'x' });
    expect(negative.body.result).toEqual([{ field: 'cost', message: '价格不能小于0' }]);
    const cents = await provider.post(`${DETAIL}addMarketDetail`, { ...base, cost: 1.234, picture: 'x' });
    expect(cents.body.result).toEqual([{ field: 'cost', message: marketMessages.costScale }]);
    const group = await provider.post(`${DETAIL}addMarketDetail`, {
      ...base,
      marketTypeId: 999_999,
      cost: 1,
      picture: 'x',
    });
    expect(group.body.result).toEqual([{ field: 'marketTypeId', message: marketMessages.typeMissing }]);
    // a picture must be the caller's own upload: not an outside address, not another tenant's file
    const outside = await provider.post(`${DETAIL}addMarketDetail`, {
      ...base,
      cost: 1,
      picture: 'https://example.com/a.png',
    });
    expect(outside.body.result).toEqual([{ field: 'picture', message: marketMessages.pictureInvalid }]);
    const theirs = await uploadImage(h, customerToken, png(80, 80));
    const foreign = await provider.post(`${DETAIL}addMarketDetail`, {
      ...base,
      cost: 1,
      picture: theirs.result,
    });
    expect(foreign.body.result).toEqual([{ field: 'picture', message: marketMessages.pictureInvalid }]);
  });

  it("adds an application whose picture, copied from the provider's upload, every tenant can load without a token", async () => {
    const bytes = png(96, 96, [88, 120, 252]);
    const upload = await uploadImage(h, providerToken, bytes);
    expect(upload.errorCode).toBe(0);
    const added = await provider.ok<MarketDetail>(
      provider.post(`${DETAIL}addMarketDetail`, {
        marketTypeId: groupId,
        name: '  设备远程诊断  ',
        cost: 5800.5,
        description: '远程查看设备报警与参数',
        picture: upload.result,
      }),
    );
    expect(added).toMatchObject({
      name: '设备远程诊断',
      cost: 5800.5,
      tableId: 10,
      introduction: '',
      payment: '',
    });
    expect(added.picture).toMatch(/^\/api\/web\/v1\/market\/public\/picture\/[0-9a-f-]{36}$/);
    // last in its group
    const [others] = await tab(customer, 10);
    expect(others.marketTypeList[0].marketDetailList.at(-1)).toMatchObject({
      id: added.id,
      picture: added.picture,
    });

    const res = await h.app.inject({ method: 'GET', url: added.picture as string });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(res.rawPayload, bytes)).toBe(0);
    const again = await h.app.inject({
      method: 'GET',
      url: added.picture as string,
      headers: { 'if-none-match': String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    // the upload itself stays the provider's: the other tenant cannot read it
    const own = await h.app.inject({ method: 'GET', url: upload.result, headers: { token: customerToken } });
    expect(own.json().errorCode).toBe(4);
    const unknown = await h.app.inject({
      method: 'GET',
      url: '/api/web/v1/market/public/picture/00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.json().errorCode).toBe(4);
    const bad = await h.app.inject({ method: 'GET', url: '/api/web/v1/market/public/picture/..%2F..%2Fetc' });
    expect(bad.json().errorCode).toBe(4);
  });

  it('stores the rich text sanitised: no scripts, event handlers, javascript: links, frames or styles', async () => {
    const { id } = await firstApp('一键呼叫');
    const dirty = [
      '<p onclick="steal()" style="color:red">开通<b>即用</b></p>',
      '<script>alert(1)</script><style>p{display:none}</style>',
      '<a href="javascript:alert(1)">危险链接</a> <a href="https://example.com/doc">说明</a>',
      '<img src="x.png" onerror="alert(1)"><img src="javascript:alert(2)"><img src="data:image/png;base64,AAAA">',
      '<iframe src="https://evil.example"></iframe><object data="x"></object><form><input></form>',
      '<ul><li>一</li></ul><table><tbody><tr><td colspan="2">价格</td></tr></tbody></table>',
      '<svg onload="alert(1)"></svg><math></math>',
    ].join('');
    const saved = await editor.ok<MarketDetail>(
      editor.put(`${DETAIL}updateOne`, {
        id,
        introduction: dirty,
        payment: '<p>按年付费</p><SCRIPT SRC=//x></SCRIPT>',
      }),
    );
    for (const bad of [
      /<script/i,
      /onclick|onerror|onload/i,
      /javascript:/i,
      /iframe|object|form|input|svg|math/i,
      /style/i,
      /data:/i,
    ])
      expect(saved.introduction).not.toMatch(bad);
    expect(saved.introduction).toContain('<p>开通<b>即用</b></p>');
    expect(saved.introduction).toContain(
      '<a href="https://example.com/doc" target="_blank" rel="noopener noreferrer nofollow">说明</a>',
    );
    expect(saved.introduction).toContain(
      '<a target="_blank" rel="noopener noreferrer nofollow">危险链接</a>',
    );
    expect(saved.introduction).toContain('<img src="x.png" />');
    expect(saved.introduction).toContain('<table><tbody><tr><td colspan="2">价格</td></tr></tbody></table>');
    expect(saved.introduction.match(/<img/g)).toHaveLength(1);
    expect(saved.payment).toBe('<p>按年付费</p>');
    // what was stored is what is read
    const read = await customer.ok<MarketDetail>(customer.get(`${DETAIL}getMarketDetailDetail`, { id }));
    expect(read.introduction).toBe(saved.introduction);
  });

  it('publishes images the provider uploaded into the rich text, dropping the token an editor showed them with', async () => {
    const { id } = await firstApp('自定义审批流');
    const upload = await uploadImage(h, providerToken, png(80, 80));
    const theirs = await uploadImage(h, customerToken, png(80, 80));
    const saved = await editor.ok<MarketDetail>(
      editor.put(`${DETAIL}updateOne`, {
        id,
        introduction: `<p>流程图</p><img src="${upload.result}?token=${providerToken}" alt="流程"><img src="${theirs.result}">`,
        payment: '',
      }),
    );
    const src = /<img src="([^"]+)" alt="流程" \/>/.exec(saved.introduction)?.[1];
    expect(src).toMatch(/^\/api\/web\/v1\/market\/public\/picture\/[0-9a-f-]{36}$/);
    expect(saved.introduction).not.toContain(providerToken);
    expect(saved.introduction).not.toContain(theirs.result);
    expect((await h.app.inject({ method: 'GET', url: src as string })).statusCode).toBe(200);
    // saving again keeps the published picture as it is
    const again = await editor.ok<MarketDetail>(
      editor.put(`${DETAIL}updateOne`, { id, introduction: saved.introduction, payment: '' }),
    );
    expect(again.introduction).toBe(saved.introduction);
  });

  it('refuses other tenants even as admin, and provider users without the keys', async () => {
    const { id } = await firstApp('自定义工单引擎');
    const body = { id, introduction: '<p>x</p>', payment: '' };
    const add = { marketTypeId: groupId, name: 'x', cost: 1, description: 'x', picture: 'x' };
    for (const [who, message] of [
      [customer, '仅服务商可以使用此功能'],
      [viewer, '没有权限执行此操作'],
    ] as const) {
      expect((await who.put(`${DETAIL}updateOne`, body)).body).toMatchObject({
        errorCode: 3,
        errorMsg: message,
      });
      expect((await who.post(`${DETAIL}addMarketDetail`, add)).body).toMatchObject({ errorCode: 3 });
      expect((await who.del(`${DETAIL}deleteOne`, id)).body).toMatchObject({ errorCode: 3 });
    }
    // reading is open to them
    expect((await viewer.get(`${DETAIL}getMarketDetailDetail`, { id })).body.errorCode).toBe(0);
  });

  it('deletes an application', async () => {
    const { id } = await firstApp('短信通知包');
    await editor.ok(editor.del(`${DETAIL}deleteOne`, id));
    expect((await customer.get(`${DETAIL}getMarketDetailDetail`, { id })).body.errorCode).toBe(4);
    expect((await editor.del(`${DETAIL}deleteOne`, id)).body.errorCode).toBe(4);
    const [others] = await tab(customer, 10);
    expect(others.marketTypeList.flatMap((g) => g.marketDetailList).map((d) => d.name)).not.toContain(
      '短信通知包',
    );
  });
});
