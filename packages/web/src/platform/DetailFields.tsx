import type { EntityDecl, FieldDecl } from '@factory/shared/entities/define';
import { Card, Descriptions } from 'antd';
import { cellOf, EMPTY_CELL } from './list/columns.tsx';

/**
 * A document's declared head fields as a detail page's 信息 card, each drawn as its list cell
 * draws it (enumerations as their labels, numbers formatted), an empty value as '—'. What the page
 * shows elsewhere (the number in its heading, states as tags, figures) is left out by `omit`.
 */
export function DetailFields({
  entity,
  row,
  omit,
  title,
}: {
  entity: EntityDecl;
  row: object;
  omit: Iterable<string>;
  title: string;
}) {
  const byKey = row as Record<string, unknown>;
  const left = new Set(['id', ...omit]);
  const fields = Object.entries(entity.fields).filter(([key]) => !left.has(key)) as [string, FieldDecl][];
  return (
    <Card variant="borderless" title={title}>
      <Descriptions column={{ xs: 1, md: 2, xl: 3 }} colon={false} styles={{ label: { width: 96 } }}>
        {fields.map(([key, f]) => {
          const v = byKey[key];
          return (
            <Descriptions.Item key={key} label={f.label}>
              {v === null || v === undefined || v === '' ? EMPTY_CELL : cellOf(f)(v)}
            </Descriptions.Item>
          );
        })}
      </Descriptions>
    </Card>
  );
}
