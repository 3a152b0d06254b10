import { cleanup, fireEvent, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import RouterCodeTree from './RouterCodeTree.tsx';

afterEach(cleanup);

// a tenant with two branches; the editor holds the setting branch only
const CODES = [
  'information',
  'productionInfo',
  'stationList',
  'stationListAdd',
  'setting',
  'shift',
  'shiftAdd',
];
const INFO = ['information', 'productionInfo', 'stationList', 'stationListAdd'];

describe('role permission tree for an editor who is not the admin', () => {
  it('leaves the codes they do not hold as they are when selecting or clearing all', () => {
    const onChange = vi.fn();
    const view = render(
      <RouterCodeTree
        value={[...INFO, 'setting']}
        codes={CODES}
        locked={new Set(INFO)}
        onChange={onChange}
      />,
    );
    fireEvent.click(view.getByRole('button', { name: /清\s*空/ }));
    expect(onChange).toHaveBeenLastCalledWith(INFO);
    fireEvent.click(view.getByRole('button', { name: /全\s*选/ }));
    expect(onChange).toHaveBeenLastCalledWith(CODES);
  });

  it('does not grant what they do not hold', () => {
    const onChange = vi.fn();
    const view = render(
      <RouterCodeTree value={['setting']} codes={CODES} locked={new Set(INFO)} onChange={onChange} />,
    );
    fireEvent.click(view.getByRole('button', { name: /全\s*选/ }));
    expect(onChange).toHaveBeenLastCalledWith(['setting', 'shift', 'shiftAdd']);
  });
});
