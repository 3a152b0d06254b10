import type { ThemeConfig } from 'antd';

/** Colours of spec 000 §9. */
export const colors = { primary: '#5878fc', button: '#0075c2', border: '#bdc1ca' } as const;

export const theme: ThemeConfig = {
  token: {
    colorPrimary: colors.primary,
    colorLink: colors.primary,
    colorBorder: colors.border,
    borderRadius: 6,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', sans-serif",
  },
};
