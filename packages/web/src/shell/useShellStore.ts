import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { useSession } from '../platform/session.ts';

/** Shell geometry of spec 000 §9. */
export const MOBILE_BREAKPOINT = 992;
export const MENU_WIDTH = 132;
export const PANEL_WIDTH = 145;
/** What an open panel takes from the content width: the panel plus an 8 px gap. */
export const PANEL_OFFSET = 153;
export const HEADER_HEIGHT = 56;
export const TAGBAR_HEIGHT = 40;

export type Device = 'desktop' | 'mobile';

export interface VisitedTag {
  /** Route name: one tag per route. */
  name: string;
  title: string;
  /** Path with query, as last visited. */
  path: string;
}

const COOKIE = 'sidebarStatus';

/** Spec 000 §4: the panel's open state survives reloads in a cookie holding 1 or 0; open by default. */
function readOpened(): boolean {
  if (typeof document === 'undefined') return true;
  const m = document.cookie.match(new RegExp(`(?:^|;\\s*)${COOKIE}=([^;]*)`));
  return m ? m[1] === '1' : true;
}

function writeOpened(opened: boolean): void {
  // biome-ignore lint/suspicious/noDocumentCookie: spec 000 §4 keeps it in a cookie; the Cookie Store API is not in every browser
  document.cookie = `${COOKIE}=${opened ? 1 : 0}; path=/; max-age=31536000; SameSite=Lax`;
}

/** Sidebar state of spec 000 §3 plus the visited tags. */
interface ShellState {
  /** The user's choice for the second-level panel. */
  opened: boolean;
  /** First-level menu entry whose children the panel lists. */
  currentMain?: string;
  currentMainHasChildren: boolean;
  device: Device;
  viewport: { width: number; height: number };
  tags: VisitedTag[];
  setOpened(opened: boolean): void;
  /** The toggle: only meaningful when the current main menu has children (spec 000 §2). */
  toggle(): void;
  setCurrentMain(name: string, hasChildren: boolean): void;
  /** Window resized: below the breakpoint the device is mobile and the panel closes. */
  setViewport(width: number, height: number): void;
  visit(tag: VisitedTag): void;
  closeTag(name: string): void;
  /** Keeps only the named tag. */
  keepOnly(name: string | undefined): void;
}

const initialWidth = typeof window === 'undefined' ? 1440 : window.innerWidth;
const initialHeight = typeof window === 'undefined' ? 900 : window.innerHeight;

export const useShellStore = create<ShellState>()(
  persist(
    (set, get) => ({
      opened: readOpened() && initialWidth >= MOBILE_BREAKPOINT,
      currentMainHasChildren: false,
      device: initialWidth < MOBILE_BREAKPOINT ? 'mobile' : 'desktop',
      viewport: { width: initialWidth, height: initialHeight },
      tags: [],
      setOpened(opened) {
        writeOpened(opened);
        set({ opened });
      },
      toggle() {
        if (get().currentMainHasChildren) get().setOpened(!get().opened);
      },
      setCurrentMain(currentMain, currentMainHasChildren) {
        set({ currentMain, currentMainHasChildren });
      },
      setViewport(width, height) {
        const device: Device = width < MOBILE_BREAKPOINT ? 'mobile' : 'desktop';
        if (device === 'mobile' && get().device === 'desktop') get().setOpened(false);
        set({ device, viewport: { width, height } });
      },
      visit(tag) {
        const tags = get().tags;
        const i = tags.findIndex((t) => t.name === tag.name);
        if (i < 0) set({ tags: [...tags, tag] });
        else if (tags[i].path !== tag.path || tags[i].title !== tag.title) {
          set({ tags: tags.map((t, j) => (j === i ? tag : t)) });
        }
      },
      closeTag(name) {
        set({ tags: get().tags.filter((t) => t.name !== name) });
      },
      keepOnly(name) {
        set({ tags: get().tags.filter((t) => t.name === name) });
      },
    }),
    {
      name: 'shellTags',
      // Tags belong to this tab's session, like the token.
      storage: createJSONStorage(() => sessionStorage),
      partialize: (s) => ({ tags: s.tags }),
    },
  ),
);

/** Whether the second-level panel is on screen. */
export const usePanelVisible = () => useShellStore((s) => s.opened && s.currentMainHasChildren);

/** Content size of spec 000 §9: the window minus the menu, minus the panel when it is open. */
export function useContentSize(): { width: number; height: number } {
  const { width, height } = useShellStore((s) => s.viewport);
  const panel = usePanelVisible();
  return {
    width: width - MENU_WIDTH - (panel ? PANEL_OFFSET : 0),
    height: height - HEADER_HEIGHT - TAGBAR_HEIGHT,
  };
}

// Tags belong to the signed-in session: logout and expiry (which clear the session) forget them too.
useSession.subscribe((now, before) => {
  if (before.token && !now.token) useShellStore.setState({ tags: [] });
});
