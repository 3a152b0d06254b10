import { LockOutlined } from '@ant-design/icons';
import type { GanttBlock } from '@factory/shared/api/producePlan';
import { Flex, Typography, theme } from 'antd';
import {
  type PointerEvent as ReactPointerEvent,
  type Ref,
  useCallback,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { type ColorBy, orderColors } from './colors.ts';
import {
  BAR_HEIGHT,
  BAR_INSET,
  bandLabel,
  blockAt,
  CELL_WIDTH,
  cellLabel,
  checkScale,
  dropStart,
  formatTime,
  type LaidRow,
  LEVEL_HEIGHT,
  layoutRows,
  levelTop,
  NOW_TICK_MS,
  type PlacedBlock,
  parseTime,
  rowIndexAt,
  SCROLLBAR,
  TITLE_HEIGHT,
  TITLE_WIDTH,
  timeToX,
  visibleRows,
  wallClock,
  xToTime,
} from './geometry.ts';
import { type Move, moveOf } from './move.ts';
import { dragStart, hasWarnings, isLocked, productOf } from './reminders.ts';

/** What the page may ask of the chart. */
export interface GanttHandle {
  /** Scrolls the chart so the plan's block is in view; false when it is not drawn. */
  scrollToBlock(id: number): boolean;
}

export interface GanttLine {
  id: number;
  name: string;
  gtArray: GanttBlock[];
}

export interface GanttChartProps {
  rows: readonly GanttLine[];
  /** The window shown, wall-clock milliseconds (geometry's parseTime). */
  viewStart: number;
  viewEnd: number;
  /** Minutes a cell stands for. */
  scale: number;
  /** Blocks may be dragged (the planSchedulesModify key). */
  canMove: boolean;
  /** What a row is: 产线 (the default) or 工位. */
  rowTitle?: string;
  /** A move being saved: its block is drawn where it lands until the answer. */
  pending?: Move | null;
  onMove(move: Move): void;
  onOpen(block: GanttBlock): void;
  /** Largest height of the chart; a chart with few lines is as high as its lines. */
  maxHeight?: number;
  /** A locked plan was dragged: nothing moves, the page says why. */
  onLockedDrag?(block: GanttBlock): void;
  /** The plan shown in the drawer: outlined. */
  selectedId?: number;
  /** Fill by the plan's progress (the default) or one colour per order. */
  colorBy?: ColorBy;
  ref?: Ref<GanttHandle>;
}

interface Drag {
  placed: PlacedBlock;
  rowIndex: number;
  originX: number;
  originY: number;
  dx: number;
  targetIndex: number;
  /** Past the few pixels a click may wobble. */
  moved: boolean;
  /** A locked block dragged: refused once, and the release opens nothing. */
  refused?: boolean;
}

interface Hover {
  placed: PlacedBlock;
  /** The pointer in the scroller's view… */
  vx: number;
  vy: number;
  /** …and the scroll offsets then: the tooltip scrolls with the content it is placed in. */
  left: number;
  top: number;
}

const DRAG_THRESHOLD = 4;
const TOOLTIP_WIDTH = 260;
const TOOLTIP_HEIGHT = 190;
const FONT = '12px -apple-system, "PingFang SC", "Microsoft YaHei", sans-serif';
const DUE_TEXT = '#cf1322';
/** The warning mark (antd's orange) and its width at the block's left end. */
const WARN = '#fa8c16';
const WARN_WIDTH = 12;
const LOCK_WIDTH = 12;

/**
 * The plan Gantt drawn on one canvas: only the rows and blocks in view are drawn, every scroll and
 * mouse move redraws at most once a frame. The line names are a sticky column of elements beside
 * it (one per line, never one per block), the scroll bars are the container's own.
 */
export function GanttChart({
  rows,
  viewStart,
  viewEnd,
  scale,
  canMove,
  rowTitle = '产线',
  pending,
  onMove,
  onOpen,
  maxHeight = 640,
  onLockedDrag,
  selectedId,
  colorBy = 'status',
  ref,
}: GanttChartProps) {
  checkScale(scale);
  const { token } = theme.useToken();
  const scroller = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const drag = useRef<Drag | null>(null);
  const frame = useRef(0);
  const [hover, setHover] = useState<Hover | null>(null);
  const [now, setNow] = useState(() => wallClock(new Date()));
  const [size, setSize] = useState({ width: 0, height: 0 });

  const laid = useMemo(() => layoutRows(rows), [rows]);
  const byOrder = useMemo(() => (colorBy === 'order' ? orderColors(rows) : null), [rows, colorBy]);
  const timelineWidth = Math.max(timeToX(viewEnd, viewStart, scale), size.width - TITLE_WIDTH);
  const contentHeight = TITLE_HEIGHT + laid.height;
  const height = Math.min(maxHeight, contentHeight + SCROLLBAR);
  const colors = useMemo(
    () => ({
      planned: token.colorPrimary,
      running: token.colorSuccess,
      late: token.colorError,
      warn: WARN,
      now: token.colorError,
      grid: token.colorBorderSecondary,
      ruler: token.colorFillAlter,
      stripe: token.colorFillQuaternary,
      text: token.colorText,
      muted: token.colorTextSecondary,
      bg: token.colorBgContainer,
    }),
    [token],
  );

  const draw = useCallback(() => {
    frame.current = 0;
    const el = scroller.current;
    const ctx = canvas.current?.getContext('2d');
    if (!el || !ctx) return;
    const { width, height: h } = size;
    const dpr = window.devicePixelRatio || 1;
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.clearRect(0, 0, width, h);
    ctx.font = FONT;
    ctx.textBaseline = 'middle';
    const left = el.scrollLeft;
    const top = el.scrollTop;
    // content x of the timeline → canvas x; content y of the rows → canvas y
    const cx = (x: number) => x - left + TITLE_WIDTH;
    const cy = (y: number) => y - top + TITLE_HEIGHT;
    const firstCell = Math.floor(left / CELL_WIDTH);
    const lastCell = Math.ceil((left + width - TITLE_WIDTH) / CELL_WIDTH);
    const [first, last] = visibleRows(laid.rows, top, h - TITLE_HEIGHT);

    ctx.save();
    ctx.beginPath();
    ctx.rect(TITLE_WIDTH, TITLE_HEIGHT, width - TITLE_WIDTH, h - TITLE_HEIGHT);
    ctx.clip();
    for (let i = first; i <= last; i++) {
      const r = laid.rows[i];
      if (i % 2) {
        ctx.fillStyle = colors.stripe;
        ctx.fillRect(TITLE_WIDTH, cy(r.top), width, r.height);
      }
      ctx.fillStyle = colors.grid;
      ctx.fillRect(TITLE_WIDTH, cy(r.top + r.height) - 1, width, 1);
    }
    for (let c = firstCell; c <= lastCell; c++) ctx.fillRect(cx(c * CELL_WIDTH), TITLE_HEIGHT, 1, h);

    const bar = (r: LaidRow, p: PlacedBlock, x0: number, x1: number, level: number, ghost: boolean) => {
      const y = cy(r.top + levelTop(r.height, r.levels, level)) + BAR_INSET;
      const w = Math.max(2, x1 - x0);
      ctx.globalAlpha = ghost ? 0.45 : 1;
      ctx.fillStyle =
        byOrder?.get(p.block.orderCode) ?? (p.block.produceStatus === 1 ? colors.running : colors.planned);
      ctx.fillRect(x0, y, w, BAR_HEIGHT);
      if (p.late || ghost) {
        ctx.strokeStyle = ghost ? colors.text : colors.late;
        ctx.lineWidth = 2;
        ctx.setLineDash(ghost ? [4, 3] : []);
        ctx.strokeRect(x0 + 1, y + 1, w - 2, BAR_HEIGHT - 2);
        ctx.setLineDash([]);
      }
      if (!ghost && p.block.id === selectedId) {
        ctx.strokeStyle = colors.text;
        ctx.lineWidth = 2;
        ctx.strokeRect(x0 - 1, y - 1, w + 2, BAR_HEIGHT + 2);
      }
      // the marks sit at the block's visible ends: a warning triangle left, a padlock right
      const left = Math.max(x0, TITLE_WIDTH);
      const warned = hasWarnings(p.block);
      const locked = isLocked(p.block);
      if (warned) warnMark(ctx, left + 2, y, colors.warn);
      if (locked && w > LOCK_WIDTH + 2) lockMark(ctx, Math.min(x0 + w, width) - LOCK_WIDTH, y);
      ctx.globalAlpha = 1;
      const textLeft = left + 4 + (warned ? WARN_WIDTH : 0);
      const textRight = x0 + w - (locked ? LOCK_WIDTH : 0);
      if (textRight - textLeft > 20) {
        ctx.save();
        ctx.beginPath();
        ctx.rect(x0, y, textRight - x0, BAR_HEIGHT);
        ctx.clip();
        ctx.fillStyle = '#fff';
        ctx.fillText(p.block.name, textLeft, y + BAR_HEIGHT / 2);
        ctx.restore();
      }
    };

    const d = drag.current;
    const moving = d?.moved ? d.placed.block.id : pending?.id;
    for (let i = first; i <= last; i++) {
      const r = laid.rows[i];
      for (const p of r.blocks) {
        if (p.block.id === moving) continue;
        const x0 = cx(timeToX(p.start, viewStart, scale));
        const x1 = cx(timeToX(p.end, viewStart, scale));
        if (x1 < TITLE_WIDTH || x0 > width) continue;
        bar(r, p, x0, x1, p.level, false);
      }
    }
    // the dragged block where it will land, or the saved move until the answer comes
    const landing = d?.moved
      ? { p: d.placed, row: laid.rows[d.targetIndex], start: dropStart(d.placed, d.dx, scale) }
      : pending
        ? landingOf(laid.rows, pending)
        : null;
    if (landing?.row) {
      const span = landing.p.end - landing.p.start;
      const x0 = cx(timeToX(landing.start, viewStart, scale));
      const x1 = cx(timeToX(landing.start + span, viewStart, scale));
      bar(landing.row, landing.p, x0, x1, 0, true);
    }

    const nowX = cx(timeToX(now, viewStart, scale));
    ctx.fillStyle = colors.now;
    ctx.fillRect(nowX - 1, TITLE_HEIGHT, 2, h);
    ctx.restore();

    // the ruler: cell labels below, the coarser band above where it changes
    ctx.save();
    ctx.beginPath();
    ctx.rect(TITLE_WIDTH, 0, width - TITLE_WIDTH, TITLE_HEIGHT);
    ctx.clip();
    ctx.fillStyle = colors.ruler;
    ctx.fillRect(TITLE_WIDTH, 0, width, TITLE_HEIGHT);
    const half = TITLE_HEIGHT / 2;
    let band = '';
    for (let c = firstCell; c <= lastCell; c++) {
      const t = viewStart + c * scale * 60_000;
      const x = cx(c * CELL_WIDTH);
      ctx.fillStyle = colors.grid;
      ctx.fillRect(x, half, 1, half);
      ctx.fillStyle = colors.muted;
      ctx.fillText(cellLabel(t, scale), x + 4, half + half / 2);
      const b = bandLabel(t, scale);
      if (b !== band) {
        band = b;
        ctx.fillStyle = colors.grid;
        ctx.fillRect(x, 0, 1, half);
        ctx.fillStyle = colors.text;
        ctx.fillText(b, Math.max(x, TITLE_WIDTH) + 4, half / 2);
      }
    }
    ctx.fillStyle = colors.grid;
    ctx.fillRect(TITLE_WIDTH, half, width, 1);
    ctx.fillRect(TITLE_WIDTH, TITLE_HEIGHT - 1, width, 1);
    ctx.fillStyle = colors.now;
    ctx.fillRect(nowX - 1, half, 2, half);
    ctx.restore();
  }, [size, laid, colors, byOrder, viewStart, scale, now, pending, selectedId]);

  const invalidate = useCallback(() => {
    if (!frame.current) frame.current = requestAnimationFrame(draw);
  }, [draw]);

  useImperativeHandle(
    ref,
    () => ({
      scrollToBlock(id) {
        const el = scroller.current;
        const row = laid.rows.find((r) => r.blocks.some((b) => b.block.id === id));
        const placed = row?.blocks.find((b) => b.block.id === id);
        if (!el || !row || !placed) return false;
        const x = timeToX(placed.start, viewStart, scale);
        const y = row.top + levelTop(row.height, row.levels, placed.level);
        const bodyWidth = el.clientWidth - TITLE_WIDTH;
        const bodyHeight = el.clientHeight - TITLE_HEIGHT;
        // a little of what comes before it stays in view
        el.scrollLeft = Math.max(0, x - Math.min(CELL_WIDTH, bodyWidth / 4));
        if (y < el.scrollTop || y + LEVEL_HEIGHT > el.scrollTop + bodyHeight) {
          el.scrollTop = Math.max(0, y - bodyHeight / 3);
        }
        el.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
        invalidate();
        return true;
      },
    }),
    [laid, viewStart, scale, invalidate],
  );

  useEffect(() => {
    invalidate();
  }, [invalidate]);
  // forget the cancelled frame, else a remount (StrictMode's) would never draw again
  useEffect(
    () => () => {
      cancelAnimationFrame(frame.current);
      frame.current = 0;
    },
    [],
  );

  useEffect(() => {
    const t = setInterval(() => setNow(wallClock(new Date())), NOW_TICK_MS);
    return () => clearInterval(t);
  }, []);

  // the canvas is as large as the scroller's visible part, in device pixels
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const measure = () => setSize({ width: el.clientWidth, height: el.clientHeight });
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  useLayoutEffect(() => {
    const c = canvas.current;
    if (!c) return;
    const dpr = window.devicePixelRatio || 1;
    c.width = Math.round(size.width * dpr);
    c.height = Math.round(size.height * dpr);
  }, [size]);

  // a new window or scale shows the current time near the left edge (or the window's start)
  const shown = useRef<{ viewStart: number; scale: number } | null>(null);
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const before = shown.current;
    const target =
      before && before.viewStart === viewStart
        ? xToTime(el.scrollLeft, viewStart, before.scale) // zooming keeps the time at the left edge
        : Math.min(Math.max(viewStart, wallClock(new Date()) - 2 * scale * 60_000), viewEnd);
    el.scrollLeft = Math.max(0, timeToX(target, viewStart, scale));
    shown.current = { viewStart, scale };
  }, [viewStart, viewEnd, scale]);

  /** Content coordinates of a pointer event: x on the timeline, y from the first row's top. */
  const pointAt = (e: { clientX: number; clientY: number }) => {
    const el = scroller.current as HTMLDivElement;
    const box = el.getBoundingClientRect();
    const vx = e.clientX - box.left;
    const vy = e.clientY - box.top;
    return {
      inBody: vx >= TITLE_WIDTH && vy >= TITLE_HEIGHT && vx < el.clientWidth && vy < el.clientHeight,
      vx,
      vy,
      x: vx - TITLE_WIDTH + el.scrollLeft,
      y: vy - TITLE_HEIGHT + el.scrollTop,
    };
  };
  const hitTest = (e: ReactPointerEvent) => {
    const p = pointAt(e);
    if (!p.inBody) return null;
    const index = rowIndexAt(laid.rows, p.y);
    const placed = blockAt(laid.rows[index], p.x, p.y, viewStart, scale);
    return placed ? { ...p, index, placed } : null;
  };

  const cancelDrag = useCallback(() => {
    drag.current = null;
    invalidate();
  }, [invalidate]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && drag.current) cancelDrag();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [cancelDrag]);

  const onPointerDown = (e: ReactPointerEvent<HTMLDivElement>) => {
    if (e.button !== 0) return;
    const hit = hitTest(e);
    if (!hit) return;
    drag.current = {
      placed: hit.placed,
      rowIndex: hit.index,
      originX: e.clientX,
      originY: e.clientY,
      dx: 0,
      targetIndex: hit.index,
      moved: false,
    };
    e.currentTarget.setPointerCapture?.(e.pointerId);
  };
  const onPointerMove = (e: ReactPointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (d) {
      const dx = e.clientX - d.originX;
      const far = Math.abs(dx) > DRAG_THRESHOLD || Math.abs(e.clientY - d.originY) > DRAG_THRESHOLD;
      if (d.refused) return;
      if (!d.moved) {
        const start = dragStart(d.placed.block, far, canMove);
        if (start === 'locked') {
          d.refused = true;
          onLockedDrag?.(d.placed.block);
        }
        if (start !== 'drag') return;
      }
      const index = rowIndexAt(laid.rows, pointAt(e).y);
      Object.assign(d, { dx, moved: true, targetIndex: index < 0 ? d.targetIndex : index });
      setHover(null);
      invalidate();
      return;
    }
    const hit = hitTest(e);
    const el = scroller.current as HTMLDivElement;
    setHover(
      hit ? { placed: hit.placed, vx: hit.vx, vy: hit.vy, left: el.scrollLeft, top: el.scrollTop } : null,
    );
  };
  const onPointerUp = () => {
    const d = drag.current;
    drag.current = null;
    if (!d || d.refused) return;
    if (!d.moved) {
      onOpen(d.placed.block);
      return;
    }
    invalidate();
    const { block, start } = d.placed;
    const move = moveOf(
      { id: block.id, code: block.code, areaId: block.areaId, start },
      laid.rows[d.targetIndex]?.id ?? block.areaId,
      dropStart(d.placed, d.dx, scale),
    );
    if (move) onMove(move);
  };

  const viewWidth = size.width || TITLE_WIDTH + timelineWidth;
  return (
    <Flex vertical gap={8}>
      <div
        ref={scroller}
        data-testid="gantt-scroller"
        onScroll={() => {
          setHover(null);
          invalidate();
        }}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={cancelDrag}
        onPointerLeave={() => setHover(null)}
        style={{
          position: 'relative',
          overflow: 'auto',
          height,
          border: `1px solid ${colors.grid}`,
          borderRadius: token.borderRadius,
          cursor: hover ? 'pointer' : 'default',
          touchAction: 'none',
          userSelect: 'none',
        }}
      >
        <div style={{ position: 'relative', width: TITLE_WIDTH + timelineWidth, height: contentHeight }}>
          {/* the canvas stays in view; a zero-sized holder keeps it out of the flow */}
          <div style={{ position: 'sticky', top: 0, left: 0, width: 0, height: 0, zIndex: 1 }}>
            <canvas
              ref={canvas}
              aria-label="计划排程甘特图"
              style={{ position: 'absolute', width: viewWidth, height: size.height || height }}
            />
          </div>
          <div
            style={{
              position: 'sticky',
              top: 0,
              left: 0,
              zIndex: 3,
              boxSizing: 'border-box',
              width: TITLE_WIDTH,
              height: TITLE_HEIGHT,
              lineHeight: `${TITLE_HEIGHT}px`,
              paddingInline: 12,
              fontWeight: 600,
              background: colors.ruler,
              borderRight: `1px solid ${colors.grid}`,
              borderBottom: `1px solid ${colors.grid}`,
            }}
          >
            {rowTitle}
          </div>
          <ul
            aria-label={rowTitle}
            style={{
              margin: 0,
              padding: 0,
              listStyle: 'none',
              position: 'sticky',
              left: 0,
              zIndex: 2,
              width: TITLE_WIDTH,
              background: colors.bg,
              borderRight: `1px solid ${colors.grid}`,
            }}
          >
            {laid.rows.map((r) => (
              <li
                key={r.id}
                title={r.name}
                style={{
                  boxSizing: 'border-box',
                  height: r.height,
                  lineHeight: `${r.height - 1}px`,
                  paddingInline: 12,
                  overflow: 'hidden',
                  whiteSpace: 'nowrap',
                  textOverflow: 'ellipsis',
                  borderBottom: `1px solid ${colors.grid}`,
                }}
              >
                {r.name}
              </li>
            ))}
          </ul>
        </div>
        {hover && <BlockTooltip hover={hover} view={size} />}
      </div>
      <Legend colors={colors} byOrder={byOrder} canMove={canMove} />
    </Flex>
  );
}

/** Where a saved move's block is drawn until the answer: its new line and start. */
function landingOf(rows: readonly LaidRow[], m: Move) {
  const from = rows.find((r) => r.id === m.fromAreaId);
  const p = from?.blocks.find((b) => b.block.id === m.id);
  const start = parseTime(m.toStart);
  return p && start !== null ? { p, row: rows.find((r) => r.id === m.toAreaId), start } : null;
}

function BlockTooltip({ hover, view }: { hover: Hover; view: { width: number; height: number } }) {
  const { token } = theme.useToken();
  const { block, start, end, late } = hover.placed;
  // kept inside the chart: left of or above the pointer near the right or bottom edge
  const left = hover.vx + 16 + TOOLTIP_WIDTH > view.width ? hover.vx - TOOLTIP_WIDTH - 8 : hover.vx + 16;
  const top = hover.vy + 16 + TOOLTIP_HEIGHT > view.height ? hover.vy - TOOLTIP_HEIGHT - 8 : hover.vy + 16;
  const line = (label: string, value: string, color?: string) => (
    <div>
      <Typography.Text type="secondary">{label}：</Typography.Text>
      <span style={{ color }}>{value}</span>
    </div>
  );
  return (
    <div
      role="tooltip"
      style={{
        position: 'absolute',
        left: Math.max(0, left) + hover.left,
        top: Math.max(0, top) + hover.top,
        zIndex: 4,
        width: TOOLTIP_WIDTH,
        padding: '8px 12px',
        pointerEvents: 'none',
        background: token.colorBgElevated,
        boxShadow: token.boxShadowSecondary,
        borderRadius: token.borderRadius,
        fontSize: 12,
        lineHeight: '20px',
      }}
    >
      {line('计划编号', block.code)}
      {line('订单编号', block.orderCode)}
      {line('产品', productOf(block))}
      {line('计划数量', String(block.quantity))}
      {line('计划开始', formatTime(start))}
      {line('计划结束', formatTime(end), late ? DUE_TEXT : undefined)}
      {line('交货日期', block.maxTime ?? '—', late ? DUE_TEXT : undefined)}
      {isLocked(block) && line('锁定', '已锁定')}
      {hasWarnings(block) && line('提醒', block.warnings.join('；'), WARN)}
    </div>
  );
}

/** An orange warning triangle with a white '!' at x, in the bar at y. */
function warnMark(ctx: CanvasRenderingContext2D, x: number, y: number, color: string) {
  const top = y + 2;
  const bottom = y + BAR_HEIGHT - 2;
  ctx.save();
  ctx.beginPath();
  ctx.moveTo(x + WARN_WIDTH / 2 - 0.5, top);
  ctx.lineTo(x + WARN_WIDTH - 1, bottom);
  ctx.lineTo(x, bottom);
  ctx.closePath();
  ctx.fillStyle = color;
  ctx.fill();
  ctx.strokeStyle = '#fff';
  ctx.lineWidth = 1;
  ctx.stroke();
  ctx.fillStyle = '#fff';
  const cx = x + WARN_WIDTH / 2 - 0.5;
  ctx.fillRect(cx - 0.75, top + 4, 1.5, 4);
  ctx.fillRect(cx - 0.75, bottom - 2.5, 1.5, 1.5);
  ctx.restore();
}

/** A white padlock in the last LOCK_WIDTH pixels from x, in the bar at y. */
function lockMark(ctx: CanvasRenderingContext2D, x: number, y: number) {
  const bodyTop = y + BAR_HEIGHT / 2 - 1;
  ctx.save();
  ctx.fillStyle = '#fff';
  ctx.fillRect(x + 1.5, bodyTop, 8, 6);
  ctx.strokeStyle = '#fff';
  ctx.lineWidth = 1.5;
  ctx.beginPath();
  ctx.arc(x + 5.5, bodyTop, 2.75, Math.PI, 0);
  ctx.stroke();
  ctx.restore();
}

/** Orders named in the legend when colouring by order; the rest are counted. */
const LEGEND_ORDERS = 8;

function Legend({
  colors,
  byOrder,
  canMove,
}: {
  colors: { planned: string; running: string; late: string; warn: string; now: string; muted: string };
  /** Colouring by order: each order's fill. */
  byOrder: ReadonlyMap<string, string> | null;
  canMove: boolean;
}) {
  const swatch = (fill: string, border?: string) => (
    <span
      style={{
        display: 'inline-block',
        width: 24,
        height: LEVEL_HEIGHT - 4,
        background: fill,
        border: border ? `2px solid ${border}` : undefined,
        borderRadius: 2,
        verticalAlign: 'middle',
        marginRight: 6,
      }}
    />
  );
  return (
    <Flex gap={20} wrap align="center" style={{ fontSize: 12 }}>
      {byOrder ? (
        <>
          {[...byOrder].slice(0, LEGEND_ORDERS).map(([code, fill]) => (
            <span key={code}>
              {swatch(fill)}
              {code}
            </span>
          ))}
          {byOrder.size > LEGEND_ORDERS && <span>等 {byOrder.size} 个订单（同一订单同色）</span>}
        </>
      ) : (
        <>
          <span>{swatch(colors.planned)}已排产</span>
          <span>{swatch(colors.running)}进行中</span>
        </>
      )}
      <span>{swatch(byOrder ? colors.muted : colors.planned, colors.late)}晚于交货日期</span>
      <span>
        <svg
          width={14}
          height={14}
          viewBox="0 0 14 14"
          aria-hidden
          style={{ verticalAlign: 'middle', marginRight: 6 }}
        >
          <path d="M7 1 L13.5 13 L0.5 13 Z" fill={colors.warn} />
          <rect x={6.25} y={5} width={1.5} height={4.5} fill="#fff" />
          <rect x={6.25} y={10.5} width={1.5} height={1.5} fill="#fff" />
        </svg>
        有提醒
      </span>
      <span>
        <LockOutlined style={{ marginRight: 6, color: colors.planned }} />
        锁定
      </span>
      <span>
        <span
          style={{
            display: 'inline-block',
            width: 2,
            height: 14,
            background: colors.now,
            verticalAlign: 'middle',
            marginRight: 6,
          }}
        />
        当前时间
      </span>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {canMove
          ? '拖动计划可调整开始时间或换产线（Esc 取消，已锁定的计划不能拖动），单击查看详情'
          : '单击计划查看详情'}
      </Typography.Text>
    </Flex>
  );
}
