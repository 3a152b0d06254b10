import {
  type FilterItem,
  type RowSchema,
  SELECT_PAGE_SIZE,
  type SelectEndpoint,
} from '@factory/shared/api/list';
import { encryptText } from '@factory/shared/crypto';
import { materialType } from '@factory/shared/enums';
import { Flex, Typography } from 'antd';
import type { Static } from 'typebox';
import { call } from '../call.ts';
import { EMPTY_CELL, EnumCell } from '../list/columns.tsx';
import {
  MATERIAL_LIST,
  type MaterialRow,
  MaterialSelect,
  NON_VIRTUAL_MATERIALS,
} from '../list/RemoteSelect.tsx';
import type { LineColumn, PasteResult } from './lines.ts';

type Row = Record<string, unknown>;

/**
 * The row of a select list (`get<Entity>List`) whose code, else whose name, is exactly `text`:
 * what a pasted cell of a remote select column names.
 */
export async function lookupRow<S extends RowSchema>(
  endpoint: SelectEndpoint<S>,
  text: string,
  fixed: readonly FilterItem[] = [],
): Promise<Static<S> | undefined> {
  for (const fieldName of ['code', 'name']) {
    const filters = [...fixed, { fieldName, fieldType: 'string', operator: 'eq', fieldValue: text } as const];
    const found = await call(endpoint, {
      page: 1,
      limit: SELECT_PAGE_SIZE,
      searchVal: await encryptText(JSON.stringify(filters)),
    });
    if (found.records.length) return found.records[0];
  }
  return undefined;
}

/** What a material line shows of its material besides the select. */
export interface MaterialInfo {
  name: string;
  code: string;
  specifications: string | null;
  unitName: string | null;
  materialType: number | null;
}

const infoOf = (r: MaterialRow): MaterialInfo => ({
  name: r.name ?? '',
  code: r.code ?? '',
  specifications: r.specifications,
  unitName: r.mainUnitName,
  materialType: r.materialType,
});

/**
 * The material of a line (every document with lines has one): a material select, which a pasted
 * code or name fills too, then its code and specification, and its type. The line keeps what it
 * shows of the material under `info`, filled from the loaded line, the picked option or the paste.
 */
export function materialColumns<T>({
  key,
  info,
  title = '物料',
  placeholder = `请选择${title}`,
  exclude,
  width = 240,
}: {
  key: keyof T & string;
  info: keyof T & string;
  title?: string;
  placeholder?: string;
  /** Materials never offered (a BOM's product among its own parts). */
  exclude?: readonly number[];
  width?: number;
}): LineColumn<T>[] {
  const infoAt = (line: T) => (line as Row)[info] as MaterialInfo | undefined;
  const patch = (r: MaterialRow) => ({ [info]: infoOf(r) }) as Partial<T>;
  return [
    {
      key,
      title,
      width,
      required: true,
      editor: {
        kind: 'custom',
        render: ({ id, value, line, disabled, status, set, index }) => {
          const m = infoAt(line);
          return (
            <MaterialSelect
              id={id}
              value={value as number | undefined}
              placeholder={placeholder}
              exclude={exclude}
              disabled={disabled}
              status={status}
              aria-label={`第${index + 1}行${title}`}
              style={{ width: '100%' }}
              knownOptions={
                m && value !== undefined
                  ? [{ value: value as number, label: `${m.code} ${m.name}` }]
                  : undefined
              }
              onChange={(v, option) => {
                const row = Array.isArray(option) ? undefined : option?.row;
                set(v, row ? patch(row) : undefined);
              }}
            />
          );
        },
        paste: async (text): Promise<PasteResult<T>> => {
          const row = await lookupRow(MATERIAL_LIST, text, NON_VIRTUAL_MATERIALS).catch(() => undefined);
          if (!row) return { error: `没有编码或名称为“${text}”的物料` };
          if (exclude?.includes(row.id)) return { error: `不能选择“${text}”` };
          return { value: row.id, patch: patch(row) };
        },
      },
    },
    {
      key: `${key}Code`,
      title: '物料编码 / 规格型号',
      width: 210,
      editor: {
        kind: 'view',
        render: (line) => {
          const m = infoAt(line);
          return m ? (
            <Flex vertical>
              <Typography.Text>{m.code}</Typography.Text>
              <Typography.Text type="secondary">{m.specifications ?? EMPTY_CELL}</Typography.Text>
            </Flex>
          ) : (
            EMPTY_CELL
          );
        },
      },
    },
    {
      key: `${key}Type`,
      title: '类型',
      width: 90,
      editor: {
        kind: 'view',
        render: (line) => {
          const m = infoAt(line);
          return m ? <EnumCell value={m.materialType} enumDecl={materialType} /> : EMPTY_CELL;
        },
      },
    },
  ];
}

/** The quantity of a material line: more than 0, in the material's unit. */
export function quantityColumn<T>({
  key = 'quantity',
  info,
  title = '用量',
  placeholder = '请输入用量',
}: {
  key?: string;
  info: keyof T & string;
  title?: string;
  placeholder?: string;
}): LineColumn<T> {
  return {
    key,
    title,
    width: 150,
    required: true,
    editor: {
      kind: 'number',
      min: 0,
      max: 1_000_000_000,
      placeholder,
      suffix: (line) => ((line as Row)[info] as MaterialInfo | undefined)?.unitName ?? undefined,
    },
    validate: (v) => ((v as number) > 0 ? undefined : '须大于0'),
  };
}
