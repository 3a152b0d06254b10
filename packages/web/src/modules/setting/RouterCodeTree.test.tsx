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

describe('the tree of a product still being built', () => {
  it('offers no module whose screens are not built, and checking all still grants the whole tree', () => {
    const onChange = vi.fn();
    const built = new Set(['stationList', 'shift']);
    const view = render(
      <RouterCodeTree
        value={[]}
        codes={[...CODES, 'quality', 'qualityInfos', 'qualityInspectionOrderList']}
        built={(route) => built.has(route)}
        onChange={onChange}
      />,
    );
    expect(view.queryByText('基础信息')).not.toBeNull();
    expect(view.queryByText('系统设置')).not.toBeNull();
    // the quality module has no screen yet: it is not offered
    expect(view.queryByText('质量管理')).toBeNull();
    fireEvent.click(view.getByRole('button', { name: /全\s*选/ }));
    expect(onChange.mock.lastCall?.[0]).toContain('qualityInspectionOrderList');
  });
});
