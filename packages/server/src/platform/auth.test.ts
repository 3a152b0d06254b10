import { DEMO_PASSWORD } from '@factory/shared/api/auth';
import { encryptText } from '@factory/shared/crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHarness, type Harness, type TestTenant } from '../testing/harness.ts';
import { memoryCounters } from './counters.ts';
import { hashToken } from './session.ts';

let clock = Date.now();
const counters = memoryCounters(() => clock);
let h: Harness;
let acme: TestTenant;

beforeAll(async () => {
  h = await createHarness({ counters, config: { loginLockSeconds: 15 * 60, loginMaxFailures: 5 } });
  acme = await h.addTenant('acme', [
    { userName: 'planner', phone: '13800000001', modules: ['plans'] },
    { userName: 'other' },
  ]);
});
afterAll(() => h.close());
beforeEach(() => {
  clock = Date.now();
});

const loginBody = async (userName: string, password: string, memberCode = 'acme') => ({
  memberCode,
  userName,
  password: await encryptText(password),
});

describe('login', () => {
  it('returns a token and the session user with company info and permissions', async () => {
    const res = await h.call('POST', 'authority/public/user/login', {
      body: await loginBody('planner', DEMO_PASSWORD),
    });
    expect(res.status).toBe(200);
    expect(res.body.errorCode).toBe(0);
    const result = res.body.result as { token: string; userInfo: Record<string, unknown> };
    // the tenant travels in the clear so the session is found on its tenant's rows; 256 random bits follow
    expect(result.token).toMatch(/^\d+\.[A-Za-z0-9_-]{43}$/);
    expect(result.token.split('.')[0]).toBe(String(acme.id));
    expect(result.userInfo).toMatchObject({
      userName: 'planner',
      frequencyId: null,
      stationId: null,
      companyInfo: { memberCode: 'acme', companyName: 'acme公司' },
    });
    expect(result.userInfo.authority).toContain('"checked"');
    expect(result.userInfo.permissions).toContain('plans');
    expect(result.userInfo.permissions).not.toContain('quality');
    // the token is stored only as a hash
    const rows = await h.db.systemQuery<{ n: number }>(
      sql`select count(*)::int as n from session where token_hash = ${result.token}`,
    );
    expect(rows[0].n).toBe(0);
  });

  it('logs in by phone', async () => {
    const res = await h.call('POST', 'authority/public/user/loginByPhone', {
      body: { memberCode: 'acme', phone: '13800000001', password: await encryptText(DEMO_PASSWORD) },
    });
    expect(res.body.errorCode).toBe(0);
  });

  it('matches the member code whatever its case and the spaces around it', async () => {
    for (const memberCode of ['ACME', ' Acme ', 'acme\t']) {
      const res = await h.call('POST', 'authority/public/user/login', {
        body: await loginBody('planner', DEMO_PASSWORD, memberCode),
      });
      expect([memberCode, res.body.errorCode]).toEqual([memberCode, 0]);
      expect((res.body.result as { token: string }).token.split('.')[0]).toBe(String(acme.id));
    }
  });

  it('refuses a wrong password, an unknown user and an unknown member code alike', async () => {
    for (const body of [
      await loginBody('other', 'Wrong1234'),
      await loginBody('ghost', DEMO_PASSWORD),
      await loginBody('planner', DEMO_PASSWORD, 'nosuchco'),
    ]) {
      const res = await h.call('POST', 'authority/public/user/login', { body });
      expect(res.status).toBe(422);
      expect(res.body.errorCode).toBe(1);
      expect(res.body.errorMsg).toMatch(/^企业编码、用户名或密码错误，还可尝试\d次$/);
    }
  });

  it('refuses a password that is not encrypted', async () => {
    const res = await h.call('POST', 'authority/public/user/login', {
      body: { memberCode: 'acme', userName: 'planner', password: DEMO_PASSWORD },
    });
    expect(res.body.errorCode).toBe(1);
    expect(res.body.result).toEqual([{ field: 'password', message: '密码格式不正确' }]);
  });

  it('locks the account after 5 failures, even for the right password, until the lock expires', async () => {
    await h.addTenant('lockco', [{ userName: 'victim' }]);
    for (let i = 1; i <= 4; i++) {
      const res = await h.call('POST', 'authority/public/user/login', {
        body: await loginBody('victim', 'Bad12345', 'lockco'),
      });
      expect(res.body.errorMsg).toContain(`还可尝试${5 - i}次`);
    }
    const fifth = await h.call('POST', 'authority/public/user/login', {
      body: await loginBody('victim', 'Bad12345', 'lockco'),
    });
    expect(fifth.status).toBe(429);
    expect(fifth.body.errorCode).toBe(8);
    expect(fifth.body.errorMsg).toBe('密码错误次数过多，账号已锁定，请15分钟后再试');
    const right = await h.call('POST', 'authority/public/user/login', {
      body: await loginBody('victim', DEMO_PASSWORD, 'lockco'),
    });
    expect(right.body.errorCode).toBe(8);
    clock += 15 * 60 * 1000 + 1000;
    const after = await h.call('POST', 'authority/public/user/login', {
      body: await loginBody('victim', DEMO_PASSWORD, 'lockco'),
    });
    expect(after.body.errorCode).toBe(0);
  });

  it('refuses a disabled tenant', async () => {
    const t = await h.addTenant('closedco');
    await h.db.systemQuery(sql`update tenant set enabled = false where id = ${t.id}`);
    const res = await h.call('POST', 'authority/public/user/login', {
      body: await loginBody('admin', DEMO_PASSWORD, 'closedco'),
    });
    expect(res.body).toMatchObject({ errorCode: 3, errorMsg: '该企业已停用，请联系服务商' });
  });
});

describe('session', () => {
  it('getLoginInfo needs a token; logout revokes it', async () => {
    const none = await h.call('POST', 'authority/private/user/getLoginInfo');
    expect(none.status).toBe(401);
    expect(none.body).toMatchObject({ errorCode: 2, errorMsg: 'Token认证失败，请重新登录' });
    const token = await h.login('acme', 'planner');
    const info = await h.call('POST', 'authority/private/user/getLoginInfo', { token });
    expect(info.body.errorCode).toBe(0);
    expect((info.body.result as { userName: string }).userName).toBe('planner');
    const byToken = await h.call('PUT', 'authority/public/user/getUserInfo', { token });
    expect((byToken.body.result as { userName: string }).userName).toBe('planner');
    expect((await h.call('GET', 'authority/private/user/logout', { token })).body.errorCode).toBe(0);
    expect((await h.call('POST', 'authority/private/user/getLoginInfo', { token })).body.errorCode).toBe(2);
    expect((await h.call('PUT', 'authority/public/user/getUserInfo', { token })).body.errorCode).toBe(2);
  });

  it('an expired session is refused, an active one slides its idle expiry', async () => {
    const token = await h.login('acme', 'planner');
    const mine = sql`token_hash = ${hashToken(token)}`;
    await h.db.systemQuery(
      sql`update session set last_seen_at = now() - interval '2 minutes', expires_at = now() + interval '1 minute' where ${mine}`,
    );
    expect((await h.call('POST', 'authority/private/user/getLoginInfo', { token })).body.errorCode).toBe(0);
    const [slid] = await h.db.systemQuery<{ ok: boolean }>(
      sql`select expires_at > now() + interval '11 hours' as ok from session where ${mine}`,
    );
    expect(slid.ok).toBe(true);
    await h.db.systemQuery(sql`update session set expires_at = now() - interval '1 second' where ${mine}`);
    expect((await h.call('POST', 'authority/private/user/getLoginInfo', { token })).body.errorCode).toBe(2);
  });

  it('a garbage or forged token is refused', async () => {
    const real = await h.login('acme', 'planner');
    const other = await h.addTenant('forgeco');
    const [, secret] = real.split('.');
    // a real token moved to another tenant, or its secret alone, finds nothing
    const forged = [`${other.id}.${secret}`, secret, `0.${secret}`, `${acme.id}.${secret.slice(1)}x`];
    for (const token of ['x', 'a'.repeat(43), 'a'.repeat(500), "' or 1=1 --", ...forged]) {
      const res = await h.call('POST', 'authority/private/user/getLoginInfo', { token });
      expect(res.body.errorCode).toBe(2);
    }
    expect(
      (await h.call('POST', 'authority/private/user/getLoginInfo', { token: real })).body.errorCode,
    ).toBe(0);
  });

  it('disabling a user ends their sessions and stops their logins', async () => {
    const t = await h.addTenant('disco', [{ userName: 'leaver' }]);
    const userToken = await h.login('disco', 'leaver');
    const adminToken = await h.login('disco', 'admin');
    const res = await h.call('GET', 'authority/private/user/disable', {
      token: adminToken,
      query: { id: t.users.leaver },
    });
    expect(res.body.errorCode).toBe(0);
    expect(
      (await h.call('POST', 'authority/private/user/getLoginInfo', { token: userToken })).body.errorCode,
    ).toBe(2);
    const again = await h.call('POST', 'authority/public/user/login', {
      body: await loginBody('leaver', DEMO_PASSWORD, 'disco'),
    });
    expect(again.body).toMatchObject({ errorCode: 3, errorMsg: '该账号已被停用，请联系管理员' });
    await h.call('GET', 'authority/private/user/enable', {
      token: adminToken,
      query: { id: t.users.leaver },
    });
    expect(await h.login('disco', 'leaver')).toBeTruthy();
  });
});

describe('passwords', () => {
  it('updatePassword checks the old one, applies the rule and ends other sessions', async () => {
    await h.addTenant('pwco', [{ userName: 'changer' }]);
    const token = await h.login('pwco', 'changer');
    const other = await h.login('pwco', 'changer');
    const put = async (oldPassword: string, newPassword: string) =>
      h.call('PUT', 'authority/private/user/updatePassword', {
        token,
        body: { oldPassword: await encryptText(oldPassword), newPassword: await encryptText(newPassword) },
      });
    const wrongOld = await put('Nope12345', 'Better2027');
    expect(wrongOld.body.errorCode).toBe(1);
    expect(wrongOld.body.result).toEqual([{ field: 'oldPassword', message: '密码错误，还可尝试4次' }]);
    const weak = await put(DEMO_PASSWORD, 'short1');
    expect(weak.body.result).toEqual([
      { field: 'newPassword', message: '密码至少8位，且须同时包含字母和数字' },
    ]);
    const noDigit = await put(DEMO_PASSWORD, 'onlyletters');
    expect(noDigit.body.errorCode).toBe(1);
    const same = await put(DEMO_PASSWORD, DEMO_PASSWORD);
    expect(same.body.errorMsg).toBe('新密码不能与原密码相同');
    expect((await put(DEMO_PASSWORD, 'Better2027')).body.errorCode).toBe(0);
    expect((await h.call('POST', 'authority/private/user/getLoginInfo', { token })).body.errorCode).toBe(0);
    expect(
      (await h.call('POST', 'authority/private/user/getLoginInfo', { token: other })).body.errorCode,
    ).toBe(2);
    await expect(h.login('pwco', 'changer')).rejects.toThrow();
    expect(await h.login('pwco', 'changer', 'Better2027')).toBeTruthy();
  });

  it('validPassword and validatePassword check the signed-in user (lock screen)', async () => {
    const token = await h.login('acme', 'planner');
    const ok = await h.call('POST', 'authority/private/user/validPassword', {
      token,
      query: { password: await encryptText(DEMO_PASSWORD) },
    });
    expect(ok.body).toMatchObject({ errorCode: 0, result: true });
    const bad = await h.call('POST', 'authority/private/user/validatePassword', {
      token,
      body: { password: await encryptText('Wrong9999') },
    });
    expect(bad.body.errorCode).toBe(1);
    expect(bad.body.errorMsg).toMatch(/^密码错误/);
    const good = await h.call('POST', 'authority/private/user/validatePassword', {
      token,
      body: { password: await encryptText(DEMO_PASSWORD) },
    });
    expect(good.body).toMatchObject({ errorCode: 0, result: true });
  });
});
