import { describe, expect, it } from 'vitest';
import { treeOptions } from './RefTreeSelect.tsx';

const nodes = [
  { id: 1, name: '原材料', parentId: null },
  { id: 2, name: '金属材料', parentId: 1 },
  { id: 3, name: '铜材', parentId: 2 },
  { id: 4, name: '成品', parentId: null },
  // its parent is not among the nodes: shown at the top
  { id: 5, name: '外购件', parentId: 99 },
];
const shape = (opts: ReturnType<typeof treeOptions>): unknown =>
  opts.map((o) => (o.children.length ? [o.title, shape(o.children)] : o.title));

describe('treeOptions', () => {
  it('puts each node under its parent, in the order given', () => {
    expect(shape(treeOptions(nodes))).toEqual([['原材料', [['金属材料', ['铜材']]]], '成品', '外购件']);
    expect(treeOptions(nodes)[0].value).toBe(1);
  });

  it('leaves out the node being edited with everything under it', () => {
    expect(shape(treeOptions(nodes, 2))).toEqual(['原材料', '成品', '外购件']);
  });
});
