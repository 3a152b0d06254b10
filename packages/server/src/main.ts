import { DEMO_PASSWORD } from '@factory/shared/api/auth';
import { buildApp } from './app.ts';
import { demoAccounts, demoTenants, seedDemo } from './demo/generate.ts';

/** `npm start`: migrate, write the demo on first start, listen, print how to sign in. */
const { app, services } = await buildApp();
const migrating = performance.now();
await services.db.migrate();
app.log.debug({ ms: Math.round(performance.now() - migrating) }, 'migrated');
const seeded = services.config.demo ? await seedDemo(services, app.log) : false;
await app.listen({ port: services.config.port, host: services.config.host });

const url = `http://localhost:${services.config.port}/`;
const db = services.db.kind === 'pglite' ? `内嵌 PGlite（${services.config.dataDir}）` : 'PostgreSQL';
const lines = [
  '',
  `工厂MES与售后服务平台已启动：${url}`,
  `数据库：${db}${seeded ? '，已写入演示数据' : ''}`,
  '演示企业（登录时填写企业编码）：',
  ...demoTenants.map((t) => `  ${t.memberCode.padEnd(12)} ${t.companyName}`),
  `每个演示企业都有以下账号，密码均为 ${DEMO_PASSWORD}：`,
  ...demoAccounts().map((a) => `  ${a.userName.padEnd(12)} ${a.role}（${a.name}）`),
  '',
];
process.stdout.write(`${lines.join('\n')}\n`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}
