import { SearchOutlined } from '@ant-design/icons';
import { actionLabel } from '@factory/shared/actionLabels';
import {
  type CodeNode,
  indexTree,
  narrowTree,
  permissionTree,
  type TreeIndex,
} from '@factory/shared/permissionTree';
import { webPermissionCodes } from '@factory/shared/routes';
import { Button, Flex, Input, Space, Tag, Tree, type TreeDataNode, Typography, theme } from 'antd';
import { type Key, type ReactNode, useMemo, useState } from 'react';

const { Text } = Typography;

/** A tree node as antd draws it: the shared code node with its Chinese label. */
interface ViewNode extends TreeDataNode {
  key: string;
  label: string;
  kind: CodeNode['kind'];
  hiddenRoute?: boolean;
  children?: ViewNode[];
}

const toView = (node: CodeNode): ViewNode => ({
  key: node.key,
  label: node.kind === 'button' ? actionLabel(node.title) : node.title,
  kind: node.kind,
  hiddenRoute: node.hidden,
  // a container only groups codes: no checkbox
  ...(node.kind === 'container' ? { checkable: false } : {}),
  ...(node.children?.length ? { children: node.children.map(toView) } : { isLeaf: true }),
});

const ALL_CODES = webPermissionCodes();
const FULL = indexTree(permissionTree());

/** Known codes only, in the tree's order: the form compares and saves this canonical list. */
export const canonicalCodes = (codes: readonly string[]): string[] => {
  const set = new Set(codes);
  return ALL_CODES.filter((c) => set.has(c));
};

interface Model extends TreeIndex {
  view: ViewNode[];
  known: ReadonlySet<string>;
  routeTotal: number;
}

function modelOf(index: TreeIndex): Model {
  return {
    ...index,
    view: index.tree.map(toView),
    known: new Set(index.codes),
    routeTotal: index.codes.filter((c) => index.routes.has(c)).length,
  };
}

const FULL_MODEL = modelOf(FULL);

const isHit = (node: ViewNode, q: string) =>
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
  /** Only these codes are offered (a role's choices are the tenant's base_router); all when omitted. */
  codes?: readonly string[];
  /** Shows each node's permission code beside its name (for the people who set base_router). */
  showCodes?: boolean;
  height?: number;
  /**
   * Codes this editor may not change (a role editor who is not the admin holds only part of the
   * tree): they keep their state, except that withdrawing what they hang under takes them along,
   * as the server does.
   */
  locked?: ReadonlySet<string>;
  /**
   * Whether a route's screen is built: a route that is not, with nothing built below it, is not
   * shown (the tree keeps it, and checking its module grants it with the rest). All when omitted.
   */
  built?: (route: string) => boolean;
}

/** The tree without the routes whose screens are not built (nor anything below them), nor emptied groups. */
function builtOnly(nodes: ViewNode[], built: (route: string) => boolean): ViewNode[] {
  const visit = (node: ViewNode): ViewNode[] => {
    if (node.kind === 'button') return [node];
    const children = (node.children ?? []).flatMap(visit);
    const routesBelow = children.some((c) => c.kind !== 'button');
    if (node.kind === 'container') return children.length ? [{ ...node, children }] : [];
    if (!built(node.key) && !routesBelow) return [];
    return [{ ...node, ...(children.length ? { children } : { children: undefined, isLeaf: true }) }];
  };
  return nodes.flatMap(visit);
}

/**
 * Picks permission codes: the tenant's `base_router` (基础设置) and a role's function permissions.
 * Each code is kept on its own (a page may be on with none of its buttons: it can then only be
 * viewed), so the tree checks strictly and cascades itself: checking a node takes its subtree and
 * its ancestors (a page is unreachable without its module), unchecking drops the subtree. A node
 * shows checked when it and all below it are on, half-checked when only part is.
 */
export default function RouterCodeTree({
  value = [],
  onChange,
  disabled,
  codes,
  showCodes = true,
  height = 520,
  locked,
  built,
}: Props) {
  const { token } = theme.useToken();
  const [search, setSearch] = useState('');
  const [expanded, setExpanded] = useState<Key[]>([]);
  const model = useMemo(
    () => (codes ? modelOf(indexTree(narrowTree(FULL.tree, codes))) : FULL_MODEL),
    [codes],
  );
  // codes outside the offered tree (another tenant setting) are neither shown nor counted
  const selected = useMemo(() => new Set(value.filter((c) => model.known.has(c))), [value, model]);
  const emit = (next: Iterable<string>) => {
    const wanted = new Set(next);
    const out = new Set<string>();
    // pre-order: a parent is decided before its children; a locked code keeps its state
    for (const c of model.codes) {
      const parent = model.parentOf.get(c);
      if (parent !== undefined && !out.has(parent)) continue;
      if (locked?.has(c) ? selected.has(c) : wanted.has(c)) out.add(c);
    }
    onChange?.(model.codes.filter((c) => out.has(c)));
  };

  const state = useMemo(() => {
    const checked: string[] = [];
    const half: string[] = [];
    const visit = (node: ViewNode) => {
      for (const c of node.children ?? []) visit(c);
      if (node.kind === 'container') return;
      const below = model.descendants.get(node.key) ?? [];
      const inBelow = below.filter((k) => selected.has(k)).length;
      if (selected.has(node.key) && inBelow === below.length) checked.push(node.key);
      else if (selected.has(node.key) || inBelow > 0) half.push(node.key);
    };
    for (const n of model.view) visit(n);
    return { checked, halfChecked: half, full: new Set(checked) };
  }, [selected, model]);

  const shown = useMemo(() => {
    const offered = built ? builtOnly(model.view, built) : model.view;
    if (!locked?.size) return offered;
    const lock = (node: ViewNode): ViewNode => ({
      ...node,
      ...(locked.has(node.key) ? { disableCheckbox: true } : {}),
      ...(node.children ? { children: node.children.map(lock) } : {}),
    });
    return offered.map(lock);
  }, [model, locked, built]);

  // While searching, only branches with a hit are shown; a hit keeps its whole subtree (a page and its buttons).
  const view = useMemo(() => {
    const q = search.trim().toLowerCase();
    if (!q) return { tree: shown, hits: undefined };
    let hits = 0;
    const count = (node: ViewNode) => {
      if (isHit(node, q)) hits++;
      for (const c of node.children ?? []) count(c);
    };
    const keep = (node: ViewNode): ViewNode[] => {
      if (isHit(node, q)) return [node];
      const children = (node.children ?? []).flatMap(keep);
      return children.length ? [{ ...node, children }] : [];
    };
    for (const n of shown) count(n);
    return { tree: shown.flatMap(keep), hits };
  }, [search, shown]);

  const onSearch = (text: string) => {
    setSearch(text);
    const q = text.trim().toLowerCase();
    if (!q) return;
    const open = new Set<string>();
    const visit = (node: ViewNode, path: string[]) => {
      if (isHit(node, q)) for (const p of path) open.add(p);
      for (const c of node.children ?? []) visit(c, [...path, node.key]);
    };
    for (const n of model.view) visit(n, []);
    setExpanded([...open]);
  };

  const toggle = (key: string) => {
    const next = new Set(selected);
    const subtree = [key, ...(model.descendants.get(key) ?? [])].filter((k) => model.known.has(k));
    if (state.full.has(key)) for (const k of subtree) next.delete(k);
    else {
      for (const k of subtree) next.add(k);
      for (let p = model.parentOf.get(key); p; p = model.parentOf.get(p)) next.add(p);
    }
    emit(next);
  };

  const routesOn = [...selected].filter((c) => model.routes.has(c)).length;
  const title = (node: ViewNode): ReactNode => (
    <span>
      {node.kind === 'container' ? (
        <Text strong>
          <Highlight text={node.label} search={search.trim()} />
        </Text>
      ) : (
        <Highlight text={node.label} search={search.trim()} />
      )}
      {showCodes && node.kind !== 'container' && (
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
          placeholder={showCodes ? '搜索菜单名称或权限码' : '搜索菜单或按钮名称'}
          style={{ width: 280 }}
          value={search}
          onChange={(e) => onSearch(e.target.value)}
          // browsing stays possible when the form is read-only
          disabled={false}
        />
        <Space wrap>
          <Button size="small" disabled={disabled} onClick={() => emit(model.codes)}>
            全选
          </Button>
          <Button size="small" disabled={disabled} onClick={() => emit([])}>
            清空
          </Button>
          <Button size="small" disabled={false} onClick={() => setExpanded([...model.groups])}>
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
          已选 <Text strong>{selected.size}</Text> / {model.codes.length} 项
        </Text>
        <Text type="secondary">
          菜单与页面 {routesOn} / {model.routeTotal}
        </Text>
        <Text type="secondary">
          操作按钮 {selected.size - routesOn} / {model.codes.length - model.routeTotal}
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
        <Tree<ViewNode>
          checkable
          checkStrictly
          selectable={false}
          disabled={disabled}
          height={height}
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
