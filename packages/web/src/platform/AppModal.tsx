import { Drawer, type DrawerProps, Modal, type ModalProps } from 'antd';
import { useEffect, useState } from 'react';

/**
 * The one place the dialog defaults of spec 000 §9 and §4 live: screens use AppModal and AppDrawer
 * instead of antd's Modal and Drawer. A dialog is 850 px wide, 100 px from the top, does not close on
 * a mask click, and keeps its body mounted until its closing animation is over (250 ms; a drawer
 * 500 ms), then unmounts it, so the next opening starts from a fresh form. Any default can be
 * overridden per dialog by passing the prop.
 */
export const DIALOG_WIDTH = 850;
export const DIALOG_TOP = 100;
export const DIALOG_HIDE_MS = 250;
export const DRAWER_HIDE_MS = 500;

/** True while open and for `ms` after closing. */
function useKeptMounted(open: boolean, ms: number): boolean {
  const [kept, setKept] = useState(open);
  useEffect(() => {
    if (open) {
      setKept(true);
      return;
    }
    const timer = setTimeout(() => setKept(false), ms);
    return () => clearTimeout(timer);
  }, [open, ms]);
  return open || kept;
}

export function AppModal({ open = false, style, children, ...rest }: ModalProps) {
  const mounted = useKeptMounted(open, DIALOG_HIDE_MS);
  return (
    <Modal
      width={DIALOG_WIDTH}
      mask={{ closable: false }}
      {...rest}
      style={{ top: DIALOG_TOP, ...style }}
      open={open}
    >
      {mounted ? children : null}
    </Modal>
  );
}

export function AppDrawer({ open = false, children, ...rest }: DrawerProps) {
  const mounted = useKeptMounted(open, DRAWER_HIDE_MS);
  return (
    <Drawer mask={{ closable: false }} {...rest} open={open}>
      {mounted ? children : null}
    </Drawer>
  );
}
