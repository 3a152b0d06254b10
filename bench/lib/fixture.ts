import { DEMO_PASSWORD } from '@factory/shared/api/auth';
import { encryptText } from '@factory/shared/crypto';
import { authorityFor } from '../../packages/server/src/demo/roles.ts';
import { createRole, createUser } from '../../packages/server/src/modules/setting/index.ts';
import type { Services } from '../../packages/server/src/platform/services.ts';
import { createTenant } from '../../packages/server/src/platform/tenancy.ts';

export const BENCH_PASSWORD = DEMO_PASSWORD;
export const API = '/api/web/v1/';

export interface BenchTenant {
  id: number;
  memberCode: string;
  adminId: number;
  /** The ordinary user's name and id. */
  userName: string;
  userId: number;
}

/**
 * A tenant made through the platform services (as the provider console does), with its admin and
 * one ordinary user holding a job role, so the guard takes the non-admin permission path.
 */
export async function seedTenant(
  services: Services,
  memberCode: string,
  userName = 'zhijian01',
  grant: Parameters<typeof authorityFor>[0] = {
    modules: ['home', 'quality'],
    readOnly: ['works', 'materialsInfo'],
  },
): Promise<BenchTenant> {
  let adminId = 0;
  let userId = 0;
  const row = await createTenant(
    services,
    null,
    { memberCode, companyName: `${memberCode}公司`, adminName: '管理员', adminPassword: BENCH_PASSWORD },
    async (tx, _tenantId, admin) => {
      adminId = admin;
      const roleId = await createRole(tx, admin, { name: '质检员', authority: authorityFor(grant) });
      userId = await createUser(tx, admin, {
        userName,
        name: '王芳',
        password: BENCH_PASSWORD,
        roleIds: [roleId],
      });
    },
  );
  return { id: row.id, memberCode, adminId, userName, userId };
}

export interface Envelope<T = unknown> {
  errorCode: number;
  result: T;
  errorMsg: string;
}

/** Logs in over HTTP exactly as the web client does; returns the token or throws with the envelope. */
export async function login(
  baseUrl: string,
  memberCode: string,
  userName: string,
  password = BENCH_PASSWORD,
): Promise<string> {
  const res = await fetch(`${baseUrl}${API}authority/public/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ memberCode, userName, password: await encryptText(password) }),
  });
  const body = (await res.json()) as Envelope<{ token: string }>;
  if (res.status !== 200 || body.errorCode !== 0) {
    throw new Error(`login failed (HTTP ${res.status}): ${JSON.stringify(body).slice(0, 300)}`);
  }
  return body.result.token;
}
