import { Type } from 'typebox';
import { endpoint } from '../api/contract.ts';
import {
  ExportQuery,
  ImportCheckResult,
  ImportError,
  ImportQuery,
  ImportWriteResult,
} from '../api/import.ts';
import { IdQuery, ListPageQuery, PageResult, SelectQuery, SelectResult } from '../api/list.ts';
import { type EntityDecl, entityButtons, entityPaths, treeParentOf } from './define.ts';

/** A node of an entity's tree as a picker needs it (the whole tree at once, flat). */
export const TreeNode = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  parentId: Type.Union([Type.Integer(), Type.Null()]),
});

import { bodySchemas, detailSchema, rowSchema } from './schema.ts';

function declare<E extends EntityDecl>(entity: E) {
  const paths = entityPaths(entity);
  const buttons = entityButtons(entity);
  const has = (button: string) => buttons.includes(button);
  const keys = (action: string) => [`${entity.route}${action}`];
  const copy = has('Copy');
  // the add call also copies: its permission keys are Add's and Copy's
  const addKeys = [...keys('Add'), ...(copy ? keys('Copy') : [])];
  const Row = rowSchema(entity);
  const bodies = bodySchemas(entity);
  const { label } = entity;
  const enable = (enabled: boolean) =>
    endpoint({
      method: 'GET',
      path: enabled ? paths.enable : paths.disable,
      summary: `${enabled ? '启用' : '停用'}${label}`,
      access: { keys: keys(enabled ? 'Enable' : 'Disable') },
      query: IdQuery,
    });
  return {
    /** Tree-shaped entities: every node at once, for a tree picker (any signed-in user, as the select list). */
    tree: treeParentOf(entity)
      ? endpoint({
          method: 'GET',
          path: paths.tree,
          summary: `${label}树（选择用）`,
          access: { session: true },
          result: Type.Array(TreeNode),
        })
      : undefined,
    listPage: endpoint({
      method: 'GET',
      path: paths.listPage,
      summary: `${label}分页列表`,
      access: { keys: [entity.route] },
      query: ListPageQuery,
      result: PageResult(Row),
    }),
    list: endpoint({
      method: 'GET',
      path: paths.list,
      summary: `${label}选择列表`,
      access: { session: true },
      query: SelectQuery,
      result: SelectResult(Row),
    }),
    detail: endpoint({
      method: 'GET',
      path: paths.detail,
      summary: entity.lines ? `${label}详情（含${entity.lines.label}）` : `${label}详情`,
      access: { keys: [entity.route] },
      query: IdQuery,
      result: detailSchema(entity),
    }),
    add: has('Add')
      ? endpoint({
          method: 'POST',
          path: paths.add,
          summary: copy ? `新增${label}（复制亦用此接口）` : `新增${label}`,
          access: { keys: addKeys },
          body: bodies.add,
          result: Row,
        })
      : undefined,
    update: has('Modify')
      ? endpoint({
          method: 'PUT',
          path: paths.update,
          summary: `修改${label}`,
          access: { keys: keys('Modify') },
          body: bodies.update,
          result: Row,
        })
      : undefined,
    maxCode: entity.autoCode
      ? endpoint({
          method: 'GET',
          path: paths.maxCode,
          summary: `建议下一个${label}编码`,
          access: { keys: addKeys },
          result: Type.String(),
        })
      : undefined,
    remove: has('Del')
      ? endpoint({
          method: 'DELETE',
          path: paths.remove,
          summary: `删除${label}`,
          access: { keys: keys('Del') },
          query: IdQuery,
        })
      : undefined,
    enable: has('Enable') ? enable(true) : undefined,
    disable: has('Enable') ? enable(false) : undefined,
    /** Answers an .xlsx file, not the envelope. */
    export: has('Export')
      ? endpoint({
          method: 'GET',
          path: paths.export,
          summary: `导出${label}（当前查询条件、排序与显示列）`,
          access: { keys: keys('Export') },
          query: ExportQuery,
        })
      : undefined,
    /** Answers an .xlsx file, not the envelope. */
    importTemplate: has('Import')
      ? endpoint({
          method: 'GET',
          path: paths.importTemplate,
          summary: `下载${label}导入模板`,
          access: { keys: keys('Import') },
        })
      : undefined,
    /** Answers an .xlsx file, not the envelope. */
    importErrors: has('Import')
      ? endpoint({
          method: 'POST',
          path: paths.importErrors,
          summary: '下载导入校验错误清单',
          access: { keys: keys('Import') },
          body: Type.Array(ImportError, { maxItems: 200_000 }),
        })
      : undefined,
    import: has('Import')
      ? endpoint({
          method: 'POST',
          path: paths.import,
          summary: `导入${label}：mode=check 校验，mode=write 写入（全部成功或全部不写）`,
          access: { keys: keys('Import') },
          multipart: true,
          query: ImportQuery,
          result: Type.Union([ImportCheckResult, ImportWriteResult]),
        })
      : undefined,
  };
}

/** The standard endpoints of an entity, typed by its declaration (rows and bodies from its fields). */
export type EntityEndpoints<E extends EntityDecl = EntityDecl> = ReturnType<typeof declare<E>>;

const declared = new WeakMap<EntityDecl, unknown>();

/**
 * The standard endpoints of a declared entity (spec 000 §7's pattern), derived from its declaration
 * alone: the calls its route's buttons allow, with its row and body schemas. Made once per entity,
 * so the server's crud and the web's screens hold the same objects.
 */
export function entityEndpoints<E extends EntityDecl>(entity: E): EntityEndpoints<E> {
  // the cache holds each entity's own endpoints, made from it below
  let e = declared.get(entity) as EntityEndpoints<E> | undefined;
  if (!e) {
    e = declare(entity);
    declared.set(entity, e);
  }
  return e;
}
