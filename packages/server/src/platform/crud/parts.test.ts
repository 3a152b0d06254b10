import { processFlowEntity } from '@factory/shared/entities/processFlow';
import { describe, expect, it } from 'vitest';
import { processFlows } from '../../modules/information/index.ts';
import { crud } from '../crud.ts';
import { crudContext } from './context.ts';
import { detailCalls } from './detail.ts';
import { listCalls } from './list.ts';

const options = { entity: processFlowEntity, table: processFlows };
describe('crud parts', () => {
  it('a module taking only list and detail gets those three calls, declared as the whole crud declares them', () => {
    const c = crudContext(options);
    const picked = [...listCalls(c).routes, ...detailCalls(c).routes];
    const { listPage, list, detail } = c.endpoints;
    expect(picked.map((r) => r.endpoint)).toEqual([listPage, list, detail]);
    const whole = crud(options).routes;
    expect(whole.length).toBeGreaterThan(picked.length);
    expect(picked.map((r) => r.endpoint)).toEqual(whole.slice(0, picked.length).map((r) => r.endpoint));
  });
});
