import { distributeStatus, pauseStatus } from '@factory/shared/enums';
import type { AnyEnum } from '@factory/shared/enums/defineEnum';
import type { MachineDecl, MachineRow } from '@factory/shared/machines/define';
import { stateFields } from '@factory/shared/machines/define';
import { Flex, Tag } from 'antd';
import type { ColumnOverride } from '../list/types.ts';

/**
 * State values that say nothing beside the others (a work order that is not paused): their tag
 * is left out. Declared per enumeration, so every machine reading it behaves alike.
 */
const QUIET = new Map<AnyEnum, unknown>([
  [pauseStatus, 0],
  [distributeStatus, 0],
]);

/** One state value as a tag in its enumeration's colour. */
export function StateTag({ value, enumDecl }: { value: unknown; enumDecl: AnyEnum }) {
  return (
    <Tag color={enumDecl.color(value)} variant="filled" style={{ marginInlineEnd: 0 }}>
      {enumDecl.label(value, String(value ?? ''))}
    </Tag>
  );
}

/** A document's state fields as coloured tags, most telling first; quiet values are left out. */
export function StateTags({ machine, row }: { machine: MachineDecl; row: MachineRow }) {
  return (
    <Flex gap={6} wrap>
      {stateFields(machine).map((f) => {
        const e = machine.states[f].enum;
        const v = row[f];
        if (QUIET.has(e) && QUIET.get(e) === v) return null;
        return <StateTag key={f} value={v} enumDecl={e} />;
      })}
    </Flex>
  );
}

/** The list columns of a machine's state fields drawn as its tags. */
export function stateColumns<T>(machine: MachineDecl): Record<string, ColumnOverride<T>> {
  return Object.fromEntries(
    stateFields(machine).map((f) => [
      f,
      { render: (v: unknown) => <StateTag value={v} enumDecl={machine.states[f].enum} /> },
    ]),
  );
}
