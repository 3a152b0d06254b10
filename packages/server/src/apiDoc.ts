import type { Endpoint } from '@factory/shared/api/contract';
import type { RouteDef } from './platform/route.ts';

/** docs/api.md: the endpoint index, generated from the route declarations so it cannot drift. */
export function apiIndex(routes: readonly RouteDef[]): string {
  const access = (d: Endpoint) => {
    const a = d.access;
    if ('public' in a) return '公开';
    const who = 'keys' in a ? a.keys.map((k) => `\`${k}\``).join(' 或 ') : '已登录';
    return a.provider ? `${who}（仅服务商）` : who;
  };
  const groups = new Map<string, Endpoint[]>();
  for (const { endpoint: d } of routes) {
    const area = d.path.split('/')[0];
    groups.set(area, [...(groups.get(area) ?? []), d]);
  }
  const lines = [
    '# API index',
    '',
    'Generated from the route declarations by `npm run docs:api`; a test fails when it is stale.',
    'Every path is under `/api/web/v1/`; every answer is `{errorCode, result, errorMsg}` (see',
    '`packages/shared/src/api/errors.ts`). The OpenAPI document is served at `/api/docs/json`.',
    '',
  ];
  for (const [area, defs] of groups) {
    lines.push(`## ${area}`, '', '| method | path | what | who may call |', '| --- | --- | --- | --- |');
    for (const d of defs) lines.push(`| ${d.method} | \`${d.path}\` | ${d.summary} | ${access(d)} |`);
    lines.push('');
  }
  return lines.join('\n');
}
