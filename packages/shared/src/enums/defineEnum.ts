/**
 * One declaration per status or type list, shared by list badges, select options and server checks.
 */
export type EnumValueType = number | string;

export interface EnumItem<V extends EnumValueType = EnumValueType> {
  readonly value: V;
  /** Chinese label shown to users. */
  readonly label: string;
  /** Hex colour for badges and tags; status lists only. */
  readonly color?: string;
}

export interface EnumOption<V extends EnumValueType> {
  value: V;
  label: string;
}

type ValuesOf<T extends readonly EnumItem[]> = { readonly [K in keyof T]: T[K]['value'] };

export interface Enum<T extends readonly EnumItem[]> {
  readonly items: T;
  /** Values in declaration order (the spec's order, which is not always numeric). */
  readonly values: ValuesOf<T>;
  /**
   * For antd Select / Radio. Typed mutable because antd's props are, although frozen at run time.
   */
  readonly options: EnumOption<T[number]['value']>[];
  /** Preselected value of filters and forms, where the spec names one. */
  readonly defaultValue: T[number]['value'] | undefined;
  get(value: unknown): T[number] | undefined;
  /** Label of a value; `fallback` (default '') for anything not in the list, e.g. a newer server value. */
  label(value: unknown, fallback?: string): string;
  color(value: unknown): string | undefined;
  has(value: unknown): value is T[number]['value'];
}

/** Any enum, for generic code such as a column renderer that takes the list by name. */
export type AnyEnum = Enum<readonly EnumItem[]>;

/** Value union of an enum: `EnumValue<typeof auditStatus>` is `0 | 1 | 2 | -1`. */
export type EnumValue<E extends AnyEnum> = E['values'][number];

export function defineEnum<const T extends readonly EnumItem[]>(
  items: T,
  defaultValue?: T[number]['value'],
): Enum<T> {
  const byValue = new Map<unknown, T[number]>();
  for (const item of items) {
    // A duplicate would silently shadow the first item in the lookup map, so refuse it at load time.
    if (byValue.has(item.value)) throw new Error(`defineEnum: duplicate value ${String(item.value)}`);
    byValue.set(item.value, Object.freeze(item));
  }
  if (defaultValue !== undefined && !byValue.has(defaultValue)) {
    throw new Error(`defineEnum: default value ${String(defaultValue)} is not in the list`);
  }
  const get = (value: unknown): T[number] | undefined => byValue.get(value);
  return Object.freeze({
    items: Object.freeze(items),
    values: Object.freeze(items.map((item) => item.value)) as ValuesOf<T>,
    options: Object.freeze(
      items.map((item) => Object.freeze({ value: item.value, label: item.label })),
    ) as EnumOption<T[number]['value']>[],
    defaultValue,
    get,
    label: (value: unknown, fallback = '') => get(value)?.label ?? fallback,
    color: (value: unknown) => get(value)?.color,
    has: (value: unknown): value is T[number]['value'] => byValue.has(value),
  });
}
