import type { MachineDecl } from '@factory/shared/machines/define';
import { type AuditEntry, machineEndpoints } from '@factory/shared/machines/endpoints';
import { useQuery } from '@tanstack/react-query';
import { Empty, Flex, Skeleton, Timeline, Typography } from 'antd';
import type { Static } from 'typebox';
import { call } from '../call.ts';

const { Text } = Typography;
type Entry = Static<typeof AuditEntry>;

/** The query key of a document's trail, so an action's reload can refresh it too. */
export const auditQueryKey = (m: MachineDecl, id: number) => [machineEndpoints(m).log.path, id];

/** The state fields an entry moved, as '计划状态：未计划 → 部分计划'. */
export function stateMoves(m: MachineDecl, e: Pick<Entry, 'from' | 'to'>): string[] {
  if (!e.from || !e.to) return [];
  const from = e.from;
  const to = e.to;
  return Object.entries(m.states)
    .filter(([f]) => f in to && from[f] !== to[f])
    .map(
      ([f, s]) =>
        `${s.label}：${s.enum.label(from[f], String(from[f] ?? ''))} → ${s.enum.label(to[f], String(to[f]))}`,
    );
}

/** Red for what ends or cancels a document, blue for the rest, grey for the system's. */
const colorOf = (m: MachineDecl, e: Entry) =>
  m.actions[e.action]?.danger ? 'red' : e.userName === '系统' ? 'gray' : 'blue';

/** One entry: who did what when, the states it moved, why, and the fields an edit changed. */
function EntryBody({ m, e }: { m: MachineDecl; e: Entry }) {
  const moves = stateMoves(m, e);
  return (
    <Flex vertical gap={2}>
      <Flex gap={8} wrap align="baseline">
        <Text strong>{e.actionLabel}</Text>
        <Text>{e.userName}</Text>
        <Text type="secondary">{e.createdAt}</Text>
      </Flex>
      {moves.map((t) => (
        <Text key={t} type="secondary">
          {t}
        </Text>
      ))}
      {e.reason && <Text>原因：{e.reason}</Text>}
      {e.changes.map((c) => (
        <Text key={c.field} type="secondary">
          {c.label}：{c.from || '空'} → {c.to || '空'}
        </Text>
      ))}
    </Flex>
  );
}

/** A document's audit trail (`machineEndpoints(m).log`), in the order it happened. */
export function AuditTimeline({ machine, id }: { machine: MachineDecl; id: number }) {
  const query = useQuery({
    queryKey: auditQueryKey(machine, id),
    queryFn: ({ signal }) => call(machineEndpoints(machine).log, { id }, { signal }),
  });
  if (query.isPending) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (query.isError) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="加载失败" />;
  if (!query.data.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无操作记录" />;
  return (
    <Timeline
      items={query.data.map((e) => ({
        key: e.id,
        color: colorOf(machine, e),
        content: <EntryBody m={machine} e={e} />,
      }))}
    />
  );
}
