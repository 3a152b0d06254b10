import { describe, expect, it } from 'vitest';
import { ApiError } from '../request.ts';
import { fieldRules, placeholderOf, showFieldErrors } from './formRules.ts';
import { thing } from './testEntity.ts';

const f = thing.fields;

describe('fieldRules (spec 000 §5)', () => {
  it("says '请输入{label}' for inputs and '请选择{label}' for choices", () => {
    expect(fieldRules(f.name)[0]).toMatchObject({ required: true, whitespace: true, message: '请输入名称' });
    expect(fieldRules(f.status, { required: true })[0]).toMatchObject({
      required: true,
      message: '请选择状态',
    });
    expect(placeholderOf(f.status)).toBe('请选择状态');
  });

  it('uses the placeholder text when one is given', () => {
    expect(fieldRules(f.name, { placeholder: '请填写物品名称' })[0]).toMatchObject({
      message: '请填写物品名称',
    });
  });

  it('adds length, pattern and range rules from the declaration', () => {
    expect(fieldRules(f.name)[1]).toEqual({ max: 10, message: '名称不能超过10个字符' });
    expect(fieldRules(f.level)).toEqual([{ type: 'number', min: 1, max: 9, message: '等级应在1~9之间' }]);
    const pattern = fieldRules({
      label: 'x',
      type: 'string',
      pattern: { source: '^a$', message: '只能是a' },
    });
    expect(pattern).toHaveLength(1);
    expect((pattern[0] as { pattern: RegExp }).pattern.test('a')).toBe(true);
  });

  it('accepts a chosen 0: the required rule knows the value is a number, a list or an id', async () => {
    const { default: Schema } = await import('@rc-component/async-validator');
    const valid = async (rule: object, value: unknown) =>
      new Schema({ v: rule as never })
        .validate({ v: value })
        .then(() => true)
        .catch(() => false);
    const status = fieldRules(f.status, { required: true })[0];
    expect(status).toMatchObject({ type: 'number' });
    expect(await valid(status, 0)).toBe(true);
    expect(await valid(status, undefined)).toBe(false);
    const ref = fieldRules({
      label: '产线',
      type: 'string',
      required: true,
      ref: { entity: 'area', by: 'name' },
    })[0];
    expect(await valid(ref, 12)).toBe(true);
    const several = fieldRules({ label: '等级', type: 'string', required: true, choices: ['A', 'B'] })[0];
    expect(await valid(several, ['A'])).toBe(true);
    expect(await valid(several, [])).toBe(false);
  });

  it('has no rules for an optional free field', () => {
    expect(fieldRules(f.note)).toEqual([]);
  });
});

describe('showFieldErrors', () => {
  const fakeForm = () => {
    const calls: unknown[] = [];
    return { calls, form: { setFields: (x: unknown) => calls.push(x) } as never };
  };

  it('marks the fields a refusal names, when the form has them', () => {
    const { calls, form } = fakeForm();
    const err = new ApiError('用户名已存在', 7, [
      { field: 'userName', message: '用户名“a”已存在' },
      { field: 'roleIds', message: '所选角色不存在' },
    ]);
    expect(showFieldErrors(form, err, ['userName', 'name'])).toBe(true);
    expect(calls).toEqual([[{ name: 'userName', errors: ['用户名“a”已存在'] }]]);
  });

  it('marks a custom field by its path under custom', () => {
    const { calls, form } = fakeForm();
    const err = new ApiError('请输入额定功率', 1, [{ field: 'custom.cf1', message: '请输入额定功率' }]);
    expect(showFieldErrors(form, err, ['custom.cf1'])).toBe(true);
    expect(calls).toEqual([[{ name: ['custom', 'cf1'], errors: ['请输入额定功率'] }]]);
  });

  it('does nothing for other errors', () => {
    const { calls, form } = fakeForm();
    expect(showFieldErrors(form, new Error('x'), ['a'])).toBe(false);
    expect(showFieldErrors(form, new ApiError('x', 1, '文字'), ['a'])).toBe(false);
    expect(calls).toEqual([]);
  });
});
