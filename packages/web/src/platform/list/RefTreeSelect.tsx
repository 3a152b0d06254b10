import type { Endpoint } from '@factory/shared/api/contract';
import type { TreeNode } from '@factory/shared/entities/endpoints';
import { useQuery } from '@tanstack/react-query';
import { TreeSelect, type TreeSelectProps } from 'antd';
import type { Static } from 'typebox';
import { call } from '../call.ts';

type Node = Static<typeof TreeNode>;
interface Option {
  value: number;
  title: string;
  children: Option[];
}

/**
 * The nodes as a tree for the picker: each under its parent (a node whose parent is not among them
 * is a root), in the order given; `exclude` leaves out a node with everything under it (a node may
 * not be moved under itself).
 */
export function treeOptions(nodes: readonly Node[], exclude?: number): Option[] {
  const options = new Map(nodes.map((n) => [n.id, { value: n.id, title: n.name, children: [] as Option[] }]));
  const roots: Option[] = [];
  for (const n of nodes) {
    if (n.id === exclude) continue;
    const own = options.get(n.id) as Option;
    const parent = n.parentId === null ? undefined : options.get(n.parentId);
    (parent ? parent.children : roots).push(own);
  }
  return roots;
}

/**
 * A reference to a tree-shaped entity (物料分类, 设备分类, 组织) picked in its tree: the whole tree
 * read once (the entity's tree call), searched by name; the value is the node's id.
 */
export function RefTreeSelect({
  endpoint,
  exclude,
  ...props
}: {
  endpoint: Endpoint;
  /** A node not to offer, with its subtree (the node being edited, for its own parent). */
  exclude?: number;
} & Omit<TreeSelectProps<number>, 'treeData' | 'loading'>) {
  const tree = useQuery({
    queryKey: ['tree', endpoint.path],
    queryFn: ({ signal }) => call(endpoint, { signal }) as Promise<Node[]>,
  });
  return (
    <TreeSelect<number>
      showSearch
      treeNodeFilterProp="title"
      popupMatchSelectWidth={false}
      loading={tree.isPending}
      treeData={tree.data ? treeOptions(tree.data, exclude) : []}
      {...props}
    />
  );
}
