import { TimePicker, type TimePickerProps } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';

const FORMAT = 'HH:mm';

/** 'HH:mm' as a time of today, built from its parts (no parsing plugin needed); undefined when malformed. */
const toDayjs = (value: string | null | undefined): Dayjs | undefined => {
  const m = /^(\d{2}):(\d{2})$/.exec(value ?? '');
  return m ? dayjs().hour(Number(m[1])).minute(Number(m[2])).second(0).millisecond(0) : undefined;
};

export interface TimeOfDayPickerProps extends Omit<TimePickerProps, 'value' | 'onChange' | 'format'> {
  value?: string | null;
  onChange?(value: string | undefined): void;
}

/**
 * A time of day (a shift's start) as a form control: shows antd's TimePicker in hours and minutes,
 * while the form holds the 'HH:mm' text the server keeps, so bodies carry it unchanged.
 */
export function TimeOfDayPicker({ value, onChange, ...rest }: TimeOfDayPickerProps) {
  return (
    <TimePicker
      format={FORMAT}
      minuteStep={5}
      needConfirm={false}
      style={{ width: '100%' }}
      {...rest}
      value={toDayjs(value)}
      onChange={(v) => onChange?.(v ? v.format(FORMAT) : undefined)}
    />
  );
}
