import { SearchOutlined } from '@ant-design/icons';
import { mainRoutes, publicRoutes, webPermissionCodes } from '@factory/shared/routes';
import type { RouteNode } from '@factory/shared/routeTypes';
import { Button, Flex, Input, Space, Tag, Tree, type TreeDataNode, Typography, theme } from 'antd';
import { type Key, type ReactNode, useMemo, useState } from 'react';
import { actionLabel } from './actionLabels.ts';

const { Text } = Typography;

interface CodeNode extends TreeDataNode {
  key: string;
  label: string;
  /** A container only groups codes: it is not a code itself and has no checkbox. */
  kind: 'route' | 'button' | 'container';
  hiddenRoute?: boolean;
  children?: CodeNode[];
}

const CONTAINER_PREFIX = 'group:';

function buttonNodes(node: RouteNode): CodeNode[] {
  return (node.meta.buttons ?? []).map((a) => {
    const key = `${node.name}${a}`;
    return { key, label: `${actionLabel(a)} (${key})`, kind: 'button', isLeaf: true };
  });
}

function routeNode(node: RouteNode): CodeNode {
  const children = [...(node.children ?? []).map(routeNode), ...buttonNodes(node)];
  return {
    key: node.name,
    label: node.meta.title,
    kind: 'route',
    hiddenRoute: node.meta.hidden || node.meta.market,
    ...(children.length ? { children } : { isLeaf: true }),
  };
}

const container = (name: string, label: string, children: CodeNode[]): CodeNode => ({
  key: `${CONTAINER_PREFIX}${name}`,
  label,
  kind: 'container',
  checkable: false,
  children,
});

/**
 * The whole code space of `base_router`: the menu modules first, then the top-level pages that are
 * never in the menu (tag-bar refresh, market, changelog, personal centre), then the public pages
 * that have buttons (the provider's tenant screens), whose own names are not codes.
 */
function buildTree() {
  const inMenu = (n: RouteNode) => !n.meta.hidden && !n.meta.market;
  const publicPages: CodeNode[] = [];
  const collectPublic = (nodes: readonly RouteNode[]) => {
    for (const n of nodes) {
      if (n.meta.buttons?.length) publicPages.push(container(n.name, n.meta.title, buttonNodes(n)));
      if (n.children) collectPublic(n.children);
    }
  };
  collectPublic(publicRoutes);
  const tree: CodeNode[] = [
    ...mainRoutes.filter(inMenu).map(routeNode),
    container('system', '系统页面（不在菜单中显示）', mainRoutes.filter((n) => !inMenu(n)).map(routeNode)),
    container('public', '服务商公共页面', publicPages),
  ];

  const parentOf = new Map<string, string>();
  const descendants = new Map<string, string[]>();
  const groups: string[] = [];
  const routes = new Set<string>();
  const visit = (node: CodeNode): string[] => {
    if (node.kind === 'route') routes.add(node.key);
    const below: string[] = [];
    for (const child of node.children ?? []) {
      if (node.kind !== 'container') parentOf.set(child.key, node.key);
      below.push(child.key, ...visit(child));
    }
    if (node.children?.length) groups.push(node.key);
    descendants.set(node.key, below);
    return below;
  };
  for (const n of tree) visit(n);
  return { tree, parentOf, descendants, groups, routes };
}

const model = buildTree();
const ALL_CODES = webPermissionCodes();
const KNOWN = new Set(ALL_CODES);
const ROUTE_TOTAL = ALL_CODES.filter((c) => model.routes.has(c)).length;
const BUTTON_TOTAL = ALL_CODES.length - ROUTE_TOTAL;

/** Known codes only, in the tree's order: the form compares and saves this canonical list. */
export const canonicalCodes = (codes: readonly string[]): string[] => {
  const set = new Set(codes);
  return ALL_CODES.filter((c) => set.has(c));
};

function ancestors(key: string): string[] {
  const out: string[] = [];
  for (let p = model.parentOf.get(key); p; p = model.parentOf.get(p)) out.push(p);
  return out;
}

const isHit = (node: CodeNode, q: string) =>
  node.label.toLowerCase().includes(q) || node.key.toLowerCase().includes(q);

function Highlight({ text, search }: { text: string; search: string }) {
  const { token } = theme.useToken();
  const at = search ? text.toLowerCase().indexOf(search.toLowerCase()) : -1;
  if (at < 0) return <>{text}</>;
  return (
    <>
      {text.slice(0, at)}
      <span style={{ color: token.colorPrimary, fontWeight: 600 }}>{text.slice(at, at + search.length)}</span>
      {text.slice(at + search.length)}
    </>
  );
}

interface Props {
  value?: string[];
  onChange?: (codes: string[]) => void;
  disabled?: boolean;
}

/**
 * Picks the `base_router` codes. Each code is kept on its own (a page may be on with none of its
 * buttons), so the tree checks strictly and cascades itself: checking a node takes its subtree and
 * its ancestors (a page is unreachable without its module), unchecking drops the subtree.
 */
export default function RouterCodeTree({ value = [], onChange, disabled }: Props) {
  const { token } = theme.useToken();
  const [search, setSearch] = useState('');
  const [expanded, setExpanded] = useState<Key[]>([]);
  const selected = useMemo(() => new Set(value), [value]);

  const state = useMemo(() => {
    const checked: string[] = [];
    const half: string[] = [];
    const visit = (node: CodeNode) => {
      for (const c of node.children ?? []) visit(c);
      if (node.kind === 'container') return;
      const below = model.descendants.get(node.key) ?? [];
      const inBelow = below.filter((k) => selected.has(k)).length;
      if (selected.has(node.key) && inBelow === below.length) checked.push(node.key);
      else if (selected.has(node.key) || inBelow > 0) half.push(node.key);
    };
    for (const n of model.tree) visit(n);
    return { checked, halfChecked: half, full: new Set(checked) };
  }, [selected]);

  // While searching, only branches with a hit are shown; a hit keeps its whole subtree (a page and its buttons).
  const view = useMemo(() => {
    const q = search.trim().toLowerCase();
    if (!q) return { tree: model.tree, hits: undefined };
    let hits = 0;
    const count = (node: CodeNode) => {
      if (isHit(node, q)) hits++;
      for (const c of node.children ?? []) count(c);
    };
    const keep = (node: CodeNode): CodeNode[] => {
      if (isHit(node, q)) return [node];
      const children = (node.children ?? []).flatMap(keep);
      return children.length ? [{ ...node, children }] : [];
    };
    for (const n of model.tree) count(n);
    return { tree: model.tree.flatMap(keep), hits };
  }, [search]);

  const onSearch = (text: string) => {
    setSearch(text);
    const q = text.trim().toLowerCase();
    if (!q) return;
    const open = new Set<string>();
    const visit = (node: CodeNode, path: string[]) => {
      if (isHit(node, q)) for (const p of path) open.add(p);
      for (const c of node.children ?? []) visit(c, [...path, node.key]);
    };
    for (const n of model.tree) visit(n, []);
    setExpanded([...open]);
  };

  const toggle = (key: string) => {
    const next = new Set(selected);
    const subtree = [key, ...(model.descendants.get(key) ?? [])].filter((k) => KNOWN.has(k));
    if (state.full.has(key)) for (const k of subtree) next.delete(k);
    else for (const k of [...subtree, ...ancestors(key)]) next.add(k);
    onChange?.(canonicalCodes([...next]));
  };

  const routesOn = value.filter((c) => model.routes.has(c)).length;
  const title = (node: CodeNode): ReactNode => (
    <span>
      {node.kind === 'container' ? (
        <Text strong>
          <Highlight text={node.label} search={search.trim()} />
        </Text>
      ) : (
        <Highlight text={node.label} search={search.trim()} />
      )}
      {node.kind === 'route' && (
        <Text type="secondary" style={{ fontSize: 12, marginLeft: 6 }}>
          <Highlight text={node.key} search={search.trim()} />
        </Text>
      )}
      {node.hiddenRoute && (
        <Tag variant="filled" style={{ marginLeft: 6, fontSize: 11, lineHeight: '18px' }}>
          隐藏页
        </Tag>
      )}
    </span>
  );

  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" align="center" wrap gap={12}>
        <Input
          allowClear
          prefix={<SearchOutlined style={{ color: token.colorTextTertiary }} />}
          placeholder="搜索菜单名称或权限码"
          style={{ width: 280 }}
          value={search}
          onChange={(e) => onSearch(e.target.value)}
          // browsing stays possible when the form is read-only
          disabled={false}
        />
        <Space wrap>
          <Button size="small" disabled={disabled} onClick={() => onChange?.([...ALL_CODES])}>
            全选
          </Button>
          <Button size="small" disabled={disabled} onClick={() => onChange?.([])}>
            清空
          </Button>
          <Button size="small" disabled={false} onClick={() => setExpanded(model.groups)}>
            展开全部
          </Button>
          <Button size="small" disabled={false} onClick={() => setExpanded([])}>
            收起全部
          </Button>
        </Space>
      </Flex>
      <Flex
        gap={24}
        wrap
        style={{
          padding: '8px 12px',
          background: token.colorFillQuaternary,
          borderRadius: token.borderRadius,
        }}
      >
        <Text>
          已选 <Text strong>{value.length}</Text> / {ALL_CODES.length} 项
        </Text>
        <Text type="secondary">
          菜单与页面 {routesOn} / {ROUTE_TOTAL}
        </Text>
        <Text type="secondary">
          操作按钮 {value.length - routesOn} / {BUTTON_TOTAL}
        </Text>
        {view.hits !== undefined && <Text type="secondary">搜索到 {view.hits} 项</Text>}
      </Flex>
      <div
        style={{
          border: `1px solid ${token.colorBorderSecondary}`,
          borderRadius: token.borderRadius,
          padding: '8px 4px',
        }}
      >
        <Tree<CodeNode>
          checkable
          checkStrictly
          selectable={false}
          disabled={disabled}
          height={520}
          treeData={view.tree}
          titleRender={title}
          expandedKeys={expanded}
          onExpand={(keys) => setExpanded(keys)}
          checkedKeys={{ checked: state.checked, halfChecked: state.halfChecked }}
          onCheck={(_, info) => toggle(String(info.node.key))}
        />
      </div>
    </Flex>
  );
}
