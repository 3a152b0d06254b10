import { describe, expect, it } from 'vitest';
import { actionsWidth } from './actions.tsx';
import { moveItem } from './ColumnSettings.tsx';
import { type ColumnBase, mergeColumns, parseFields, toPrefs, withPagePrefs } from './columnPrefs.ts';

const bases: ColumnBase[] = [
  { key: 'a', visible: true, width: 100 },
  { key: 'b', visible: true },
  { key: 'c', visible: false },
  { key: 'd', visible: true, width: 80 },
];

describe('mergeColumns', () => {
  it('without saved preferences follows the declaration', () => {
    expect(mergeColumns(undefined, bases)).toEqual([
      { key: 'a', checked: true, width: 100 },
      { key: 'b', checked: true, width: undefined },
      { key: 'c', checked: false, width: undefined },
      { key: 'd', checked: true, width: 80 },
    ]);
  });

  it('keeps the saved order (by index), visibility and width', () => {
    const saved = [
      { key: 'd', checked: true, index: 0, width: 200 },
      { key: 'a', checked: false, index: 1 },
      { key: 'c', checked: true, index: 2, width: 150 },
      { key: 'b', checked: true, index: 3 },
    ];
    expect(mergeColumns([...saved].reverse(), bases)).toEqual([
      { key: 'd', checked: true, width: 200 },
      { key: 'a', checked: false, width: 100 },
      { key: 'c', checked: true, width: 150 },
      { key: 'b', checked: true, width: undefined },
    ]);
  });

  it('drops keys the page no longer declares', () => {
    const saved = [
      { key: 'gone', checked: true, index: 0 },
      { key: 'b', checked: true, index: 1 },
      { key: 'a', checked: true, index: 2 },
      { key: 'c', checked: false, index: 3 },
      { key: 'd', checked: true, index: 4 },
    ];
    expect(mergeColumns(saved, bases).map((c) => c.key)).toEqual(['b', 'a', 'c', 'd']);
  });

  it('puts new columns after their declared predecessor, with their default visibility', () => {
    const saved = [
      { key: 'd', checked: true, index: 0 },
      { key: 'a', checked: true, index: 1 },
    ];
    // b follows a, c follows b; both new
    expect(mergeColumns(saved, bases)).toEqual([
      { key: 'd', checked: true, width: 80 },
      { key: 'a', checked: true, width: 100 },
      { key: 'b', checked: true, width: undefined },
      { key: 'c', checked: false, width: undefined },
    ]);
  });

  it('puts a new first column first', () => {
    const saved = [
      { key: 'b', checked: true, index: 0 },
      { key: 'c', checked: true, index: 1 },
      { key: 'd', checked: false, index: 2 },
    ];
    expect(mergeColumns(saved, bases).map((c) => c.key)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('ignores duplicate keys and widths out of range', () => {
    const saved = [
      { key: 'a', checked: false, index: 0, width: 5 },
      { key: 'a', checked: true, index: 1 },
    ];
    expect(mergeColumns(saved, bases)[0]).toEqual({ key: 'a', checked: false, width: 100 });
  });
});

describe('saving', () => {
  it('toPrefs leaves out widths equal to the page default', () => {
    expect(
      toPrefs(
        [
          { key: 'a', checked: true, width: 100 },
          { key: 'd', checked: true, width: 90 },
        ],
        bases,
      ),
    ).toEqual([
      { key: 'a', checked: true, index: 0 },
      { key: 'd', checked: true, index: 1, width: 90 },
    ]);
  });

  it('toPrefs numbers columns by position and leaves out unset widths', () => {
    expect(
      toPrefs([
        { key: 'b', checked: true },
        { key: 'a', checked: false, width: 120 },
      ]),
    ).toEqual([
      { key: 'b', checked: true, index: 0 },
      { key: 'a', checked: false, index: 1, width: 120 },
    ]);
  });

  it('withPagePrefs replaces one page and keeps the others', () => {
    const before = JSON.stringify({ other: [{ key: 'x', checked: true, index: 0 }], mine: [] });
    const after = JSON.parse(withPagePrefs(before, 'mine', [{ key: 'a', checked: true, index: 0 }]));
    expect(after).toEqual({
      other: [{ key: 'x', checked: true, index: 0 }],
      mine: [{ key: 'a', checked: true, index: 0 }],
    });
  });

  it('withPagePrefs starts over from an empty or malformed value', () => {
    expect(JSON.parse(withPagePrefs('', 'p', []))).toEqual({ p: [] });
    expect(JSON.parse(withPagePrefs('not json', 'p', []))).toEqual({ p: [] });
    expect(JSON.parse(withPagePrefs('[1,2]', 'p', []))).toEqual({ p: [] });
  });

  it('parseFields drops malformed entries', () => {
    const text = JSON.stringify({
      p: [{ key: 'a', checked: true, index: 0 }, { key: 1 }, null, { key: 'b', checked: 'yes', index: 1 }],
      q: 'nope',
    });
    expect(parseFields(text)).toEqual({ p: [{ key: 'a', checked: true, index: 0, width: undefined }] });
  });
});

describe('moveItem', () => {
  it('moves an item up or down and clamps at the ends', () => {
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 0, 9)).toEqual(['b', 'c', 'a']);
  });
});

describe('actionsWidth', () => {
  it('fits the inline labels and 更多', () => {
    // 修改 | 启用 | 更多
    expect(actionsWidth(['修改', '启用', '停用', '删除'], 3)).toBe(28 + 17 + 28 + 17 + 50 + 24);
    // 修改 | 删除
    expect(actionsWidth(['修改', '删除'], 3)).toBe(28 + 17 + 28 + 24);
    expect(actionsWidth(['详情'], 3)).toBe(80);
    expect(actionsWidth(['修改', '重置密码', '删除'], 3)).toBe(28 + 17 + 56 + 17 + 28 + 24);
  });

  it('fits the longest labels a row may show, whichever row shows them', () => {
    // the order list: a confirmed order shows 详情 | 取消确认 | 取消 | 更多, a planned one
    // 详情 | 完成 | 新增计划 | 复制
    const order = ['修改', '详情', '确认', '取消确认', '完成', '取消', '新增计划', '复制', '删除'];
    // 取消确认 | 新增计划 | 修改 | 更多
    expect(actionsWidth(order, 4)).toBe(56 + 17 + 56 + 17 + 28 + 17 + 50 + 24);
  });
});
