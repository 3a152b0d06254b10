import { ArrowRightOutlined, LockOutlined } from '@ant-design/icons';
import { authApi } from '@factory/shared/api/auth';
import { encryptText } from '@factory/shared/crypto';
import { Avatar, Button, Flex, Input, type InputRef, Typography } from 'antd';
import dayjs from 'dayjs';
import { useCallback, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useNavigate } from 'react-router';
import { call } from '../platform/call.ts';
import { fileSrc } from '../platform/fileSrc.ts';
import { useSession } from '../platform/session.ts';
import { colors } from '../theme.ts';

/** The header's lock button: locking is a session flag (kept in session storage across reloads). */
export function useLockAction(): () => void {
  return useCallback(() => useSession.getState().lock(), []);
}

function Clock() {
  const [now, setNow] = useState(dayjs);
  useEffect(() => {
    const timer = setInterval(() => setNow(dayjs()), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <Flex vertical align="center" style={{ color: '#fff' }}>
      <span style={{ fontSize: 72, fontWeight: 300, lineHeight: 1.1, letterSpacing: 2 }}>
        {now.format('HH:mm')}
      </span>
      <span style={{ fontSize: 16, opacity: 0.85 }}>{now.format('YYYY年M月D日 dddd')}</span>
    </Flex>
  );
}

/**
 * Full-screen lock overlay (spec 000 §2, §4), shown while the session is locked. Only the user's
 * own password, checked by the server, unlocks it; the confirm button appears once one is typed.
 */
export function LockScreen() {
  const { locked, user, unlock, clear } = useSession();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const input = useRef<InputRef>(null);

  useEffect(() => {
    if (!locked) {
      setPassword('');
      return;
    }
    // the page under the overlay must not take keyboard focus either
    const root = document.getElementById('root');
    root?.setAttribute('inert', '');
    input.current?.focus();
    return () => root?.removeAttribute('inert');
  }, [locked]);

  if (!locked) return null;

  const confirm = async () => {
    if (!password || busy) return;
    setBusy(true);
    try {
      await call(authApi.validatePassword, { password: await encryptText(password) });
      unlock();
    } catch {
      // the client has shown why; stay locked and let the user try again
      setPassword('');
      input.current?.focus();
    } finally {
      setBusy(false);
    }
  };

  const logout = async () => {
    try {
      await call(authApi.logout, { keep: true });
    } finally {
      clear();
      navigate('/login');
    }
  };

  const showLogout = !user?.companyInfo.flags.hideLogout;

  return createPortal(
    <Flex
      vertical
      align="center"
      justify="center"
      gap={48}
      role="dialog"
      aria-modal="true"
      aria-label="屏幕已锁定"
      style={{
        position: 'fixed',
        inset: 0,
        zIndex: 2000,
        background: `linear-gradient(150deg, rgba(40, 58, 140, 0.94) 0%, rgba(0, 60, 110, 0.96) 100%)`,
        backdropFilter: 'blur(16px)',
      }}
    >
      <Clock />
      <Flex
        vertical
        align="center"
        gap={16}
        style={{
          width: 340,
          padding: '32px 28px 24px',
          borderRadius: 16,
          background: 'rgba(255, 255, 255, 0.1)',
          border: '1px solid rgba(255, 255, 255, 0.18)',
        }}
      >
        <Avatar
          size={72}
          src={fileSrc(user?.avatar)}
          style={{ background: '#fff', color: colors.primary, fontSize: 30, fontWeight: 600 }}
        >
          {user?.name.slice(0, 1)}
        </Avatar>
        <Flex vertical align="center" gap={2}>
          <Typography.Text strong style={{ color: '#fff', fontSize: 18 }}>
            {user?.name}
          </Typography.Text>
          <Typography.Text style={{ color: 'rgba(255, 255, 255, 0.7)', fontSize: 13 }}>
            <LockOutlined /> 屏幕已锁定
          </Typography.Text>
        </Flex>
        <Flex gap={8} style={{ width: '100%' }}>
          <Input.Password
            ref={input}
            size="large"
            placeholder="请输入密码解锁"
            aria-label="密码"
            autoComplete="current-password"
            value={password}
            maxLength={64}
            onChange={(e) => setPassword(e.target.value)}
            onPressEnter={confirm}
          />
          {password && (
            <Button
              type="primary"
              size="large"
              icon={<ArrowRightOutlined />}
              loading={busy}
              onClick={confirm}
              aria-label="解锁"
              title="解锁"
            />
          )}
        </Flex>
        {showLogout && (
          <Button type="link" size="small" onClick={logout} style={{ color: 'rgba(255, 255, 255, 0.75)' }}>
            退出登录
          </Button>
        )}
      </Flex>
    </Flex>,
    document.body,
  );
}
