import type { TaskItemRow } from '@factory/shared/api/equipmentTask';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mountPage } from '../../platform/testing.tsx';
import { TaskItemsForm } from './TaskDetail.tsx';

afterEach(() => cleanup());

const item = (over: Partial<TaskItemRow>): TaskItemRow => ({
  id: 1,
  itemId: 1,
  code: 'DJ-01',
  name: '绕线张力',
  part: '张力器',
  method: null,
  valueType: 1,
  standard: null,
  lowerLimit: 8,
  upperLimit: 12,
  unit: 'N',
  needsPhoto: false,
  result: null,
  value: null,
  text: null,
  photoUrls: [],
  remark: null,
  ...over,
});

const ITEMS = [
  item({}),
  item({
    id: 2,
    itemId: 2,
    code: 'DJ-02',
    name: '油位',
    valueType: 0,
    lowerLimit: null,
    upperLimit: null,
    unit: null,
  }),
];

describe('the task execution form', () => {
  it('judges a value outside its limits NG, marks the row, and submits every item with its remark', async () => {
    const onSubmit = vi.fn(async () => undefined);
    mountPage(<TaskItemsForm items={ITEMS} editing onSubmit={onSubmit} />);
    fireEvent.change(screen.getByLabelText('绕线张力实测值'), { target: { value: '12.5' } });
    await waitFor(() => expect(screen.getAllByText('NG').length).toBeGreaterThan(1));
    const row = screen.getByLabelText('绕线张力实测值').closest('tr');
    expect(row?.getAttribute('style')).toContain('background');
    expect(screen.getByLabelText('绕线张力备注').getAttribute('placeholder')).toBe('NG 请说明情况');
    fireEvent.change(screen.getByLabelText('绕线张力备注'), { target: { value: '张力偏大' } });
    fireEvent.click(screen.getAllByText('OK')[0]);
    fireEvent.click(screen.getByRole('button', { name: /提\s*交/ }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit).toHaveBeenCalledWith(
      [
        { itemId: 1, value: 12.5, remark: '张力偏大' },
        { itemId: 2, result: 0 },
      ],
      true,
    );
  });

  it('shows the results read-only once done', () => {
    mountPage(
      <TaskItemsForm
        items={[item({ result: 1, value: 12.5, remark: '张力偏大' })]}
        editing={false}
        onSubmit={async () => undefined}
      />,
    );
    expect(screen.getByText('12.5 N')).toBeTruthy();
    expect(screen.getByText('张力偏大')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /提\s*交/ })).toBeNull();
  });
});
