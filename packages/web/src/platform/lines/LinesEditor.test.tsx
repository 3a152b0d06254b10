import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { createRef, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { LinesEditor, type LinesEditorHandle } from './LinesEditor.tsx';
import type { LineColumn } from './lines.ts';

type Line = { name?: string; quantity?: number; unit?: string };
const columns: LineColumn<Line>[] = [
  { key: 'name', title: '名称', required: true, editor: { kind: 'text' } },
  {
    key: 'quantity',
    title: '用量',
    editor: { kind: 'number', min: 0 },
    validate: (v) => ((v as number) > 0 ? undefined : '须大于0'),
  },
  {
    key: 'unit',
    title: '单位',
    editor: {
      kind: 'select',
      options: [
        { value: 'kg', label: '千克', code: 'KG' },
        { value: 'm', label: '米' },
      ],
    },
  },
];

let seen: Line[] = [];
function Harness({
  initial = [] as Line[],
  handle,
}: {
  initial?: Line[];
  handle?: React.Ref<LinesEditorHandle>;
}) {
  const [lines, setLines] = useState<Line[]>(initial);
  seen = lines;
  return (
    <App>
      <LinesEditor
        id="lines"
        value={lines}
        onChange={setLines}
        columns={columns}
        newLine={() => ({ quantity: 1 })}
        addLabel="添加物料"
        ref={handle}
      />
    </App>
  );
}
afterEach(() => {
  cleanup();
  seen = [];
});

const inputs = (label: string) =>
  screen.getAllByLabelText(new RegExp(`^第\\d+行${label}$`)) as HTMLInputElement[];
const paste = (el: HTMLElement, text: string) =>
  fireEvent.paste(el, { clipboardData: { getData: (t: string) => (t === 'text/plain' ? text : '') } });

describe('LinesEditor', () => {
  it('adds lines and edits cells through value/onChange', () => {
    render(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: /添加物料/ }));
    fireEvent.change(inputs('名称')[0], { target: { value: '铜线' } });
    expect(seen).toEqual([{ quantity: 1, name: '铜线' }]);
  });

  it("shows a touched line's faults on the cell and in the list above, named by row and column", async () => {
    render(
      <Harness
        initial={[
          { name: '铜线', quantity: 2 },
          { name: '铁芯', quantity: 1 },
        ]}
      />,
    );
    fireEvent.change(inputs('用量')[1], { target: { value: '0' } });
    // the list names row and column; the cell says what is wrong
    await screen.findByText('第2行“用量”须大于0');
    expect(screen.getByText('须大于0')).toBeTruthy();
    expect(screen.getByText('1 处需要修改')).toBeTruthy();
  });

  it('validate() shows the faults of untouched lines too', async () => {
    const handle = createRef<LinesEditorHandle>();
    render(<Harness initial={[{ quantity: 1 }]} handle={handle} />);
    expect(screen.queryByText('第1行“名称”不能为空')).toBeNull();
    let ok = true;
    act(() => {
      ok = handle.current?.validate() ?? true;
    });
    expect(ok).toBe(false);
    await screen.findByText('第1行“名称”不能为空');
    expect(screen.getByText('不能为空')).toBeTruthy();
  });

  it('pastes a grid from Excel into the following cells, adding lines and marking what matches nothing', async () => {
    render(<Harness initial={[{ quantity: 1 }]} />);
    paste(inputs('名称')[0], '铜线\t2\t米\n铁芯\t1,5\t吨\n硅钢片\t3\tKG\n');
    await waitFor(() => expect(seen).toHaveLength(3));
    expect(seen).toEqual([
      { quantity: 2, name: '铜线', unit: 'm' },
      { quantity: 15, name: '铁芯', unit: undefined },
      { quantity: 3, name: '硅钢片', unit: 'kg' },
    ]);
    await screen.findByText('第2行“单位”没有“吨”这一项');
  });

  it('removes a new empty line at once, and asks before removing a line with data', async () => {
    render(<Harness initial={[{ name: '铜线', quantity: 2 }]} />);
    fireEvent.click(screen.getByRole('button', { name: /添加物料/ }));
    expect(seen).toHaveLength(2);
    fireEvent.click(screen.getAllByRole('button', { name: '移除' })[1]);
    expect(seen).toHaveLength(1);
    fireEvent.click(screen.getAllByRole('button', { name: '移除' })[0]);
    await screen.findByText('确定移除第1行吗？');
    expect(seen).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(seen).toHaveLength(0));
  });

  it('copies a line below itself and moves lines up and down (buttons and Alt+arrows)', () => {
    render(<Harness initial={[{ name: 'A' }, { name: 'B' }]} />);
    fireEvent.click(screen.getAllByRole('button', { name: '复制' })[0]);
    expect(seen.map((l) => l.name)).toEqual(['A', 'A', 'B']);
    fireEvent.click(screen.getAllByRole('button', { name: '上移' })[2]);
    expect(seen.map((l) => l.name)).toEqual(['A', 'B', 'A']);
    fireEvent.keyDown(inputs('名称')[0], { key: 'ArrowDown', altKey: true });
    expect(seen.map((l) => l.name)).toEqual(['B', 'A', 'A']);
    // Alt+↑ in a number box moves the line without stepping the number
    fireEvent.change(inputs('用量')[0], { target: { value: '5' } });
    fireEvent.keyDown(inputs('用量')[0], { key: 'ArrowDown', altKey: true });
    expect(seen.map((l) => [l.name, l.quantity])).toEqual([
      ['A', undefined],
      ['B', 5],
      ['A', undefined],
    ]);
  });

  it('moves to the next cell on Enter and Tab, and adds a line past the last cell', async () => {
    render(<Harness initial={[{ name: 'A' }]} />);
    fireEvent.keyDown(inputs('名称')[0], { key: 'Enter' });
    expect(document.activeElement).toBe(inputs('用量')[0]);
    fireEvent.keyDown(inputs('用量')[0], { key: 'Tab' });
    expect(document.activeElement).toBe(inputs('单位')[0]);
    fireEvent.keyDown(inputs('单位')[0], { key: 'Tab' });
    await waitFor(() => expect(seen).toHaveLength(2));
    await waitFor(() => expect(document.activeElement).toBe(inputs('名称')[1]));
  });
});
