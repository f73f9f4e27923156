import {
  type NetworkCamera,
  type NetworkGraph,
  type NetworkIndex,
  type NetworkLayout,
  networkAutoLevel,
  networkCarryCamera,
  networkCenterOn,
  networkFit,
  networkGraph,
  networkHitTest,
  networkIndex,
  networkNodeCounts,
  networkPan,
  networkProvisionalLayout,
  networkStructureKey,
  networkZoomAt,
} from '@takt/gantt/network';
import { type RefObject, useEffect, useMemo, useRef, useState } from 'react';
import { Spinner } from '../../../components/ui';
import type { ScheduleModel } from '../../../lib/columnar';
import { useT } from '../../../lib/i18n';
import { usePixiHost } from '../../../lib/pixi-host';
import { formatNumber } from '../../../lib/schedule-time';
import { useAppState } from '../../../state/app-state';
import { layOutOnWorker, layoutMade } from './layout-client';
import { NetworkLegend } from './NetworkLegend';
import { type NetworkWords, networkEdgeText, networkInputOf, networkNodeText } from './network-input';
import { useNetworkProbe } from './probe';
import './network.css';

/** The diagram's laid-out graph, for the structure it was laid out for. */
interface Placed {
  key: string;
  layout: NetworkLayout;
  index: NetworkIndex;
  ms: number;
  /** elkjs's layout; false for the provisional one drawn while elkjs works. */
  final: boolean;
}

/** The provisional layout of a graph, made here at once (a few milliseconds for thousands of boxes). */
function provisionalPlaced(key: string, graph: NetworkGraph): Placed {
  const started = performance.now();
  const layout = networkProvisionalLayout(graph);
  return { key, layout, index: networkIndex(layout), ms: performance.now() - started, final: false };
}

const CLICK_SLOP = 4;
const KEY_STEP = 80;

/** Where a key moves the view: + and − zoom at the middle, the arrows pan; null for other keys. */
function keyMove(camera: NetworkCamera, key: string, width: number, height: number): NetworkCamera | null {
  switch (key) {
    case '+':
    case '=':
      return networkZoomAt(camera, 1.5, width / 2, height / 2);
    case '-':
      return networkZoomAt(camera, 1 / 1.5, width / 2, height / 2);
    case 'ArrowLeft':
      return networkPan(camera, KEY_STEP, 0);
    case 'ArrowRight':
      return networkPan(camera, -KEY_STEP, 0);
    case 'ArrowUp':
      return networkPan(camera, 0, KEY_STEP);
    case 'ArrowDown':
      return networkPan(camera, 0, -KEY_STEP);
    default:
      return null;
  }
}

/**
 * The graph's layout, made again only when its structure changes (not its dates or progress): the
 * provisional one at once, then elkjs's from the worker (at once too when it is kept from before).
 * `ok` is the layout of this structure, or null while there is none; `failed` when elkjs gave up.
 */
function useNetworkLayout(graph: NetworkGraph, key: string) {
  const [placed, setPlaced] = useState<Placed | null>(null);
  const [failed, setFailed] = useState(false);
  const placedNow = useRef(placed);
  placedNow.current = placed;
  useEffect(() => {
    const now = placedNow.current;
    if (now?.key === key && now.final) return;
    setFailed(false);
    const made = layoutMade(key);
    if (made) {
      setPlaced({ key, ...made, index: networkIndex(made.layout), final: true });
      return;
    }
    if (now?.key !== key) setPlaced(provisionalPlaced(key, graph));
    let current = true;
    layOutOnWorker(graph, key).then(
      ({ layout, ms }) => {
        if (current) setPlaced({ key, layout, index: networkIndex(layout), ms, final: true });
      },
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [graph, key]);
  return { ok: placed?.key === key ? placed : null, failed };
}

/** Wheel: zoom at the pointer; a sideways scroll (touchpad) pans. Passive listeners cannot stop the page. */
function useWheelZoom(
  host: RefObject<HTMLDivElement | null>,
  camera: RefObject<NetworkCamera>,
  setCamera: (next: NetworkCamera) => void,
) {
  useEffect(() => {
    const box = host.current;
    if (!box) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      if (Math.abs(event.deltaX) > Math.abs(event.deltaY))
        setCamera(networkPan(camera.current, -event.deltaX, 0));
      else
        setCamera(
          networkZoomAt(camera.current, event.deltaY < 0 ? 1.2 : 1 / 1.2, event.offsetX, event.offsetY),
        );
    };
    box.addEventListener('wheel', onWheel, { passive: false });
    return () => box.removeEventListener('wheel', onWheel);
  });
}

/** The diagram's tools: the WBS level to summarise at, zoom, fit, the legend, an image of it, its size. */
function NetworkToolbar({
  level,
  autoLevel,
  counts,
  onLevel,
  laidOut,
  onZoom,
  onFit,
  legend,
  onLegend,
  onImage,
  nodes,
  edges,
}: {
  level: number | 'auto';
  autoLevel: number;
  counts: readonly number[];
  onLevel: (level: number | null) => void;
  laidOut: boolean;
  onZoom: (factor: number) => void;
  onFit: () => void;
  legend: boolean;
  onLegend: (on: boolean) => void;
  /** The diagram as a PNG data URL, when drawn. */
  onImage: () => string | undefined;
  nodes: number;
  edges: number;
}) {
  const t = useT();
  const levels = counts.map((count, at) => ({
    value: at,
    label: at === 0 ? t('network.level.works', { count }) : t('network.level.wbs', { level: at, count }),
  }));
  return (
    <div className="network-toolbar" role="toolbar" aria-label={t('network.toolbar')}>
      <label className="network-level">
        <span>{t('network.level')}</span>
        <select
          value={String(level)}
          onChange={(event) => onLevel(event.target.value === 'auto' ? null : Number(event.target.value))}
          data-testid="network-level"
        >
          <option value="auto">{t('network.level.auto', { level: levels[autoLevel]?.label ?? '' })}</option>
          {levels.map((l) => (
            <option key={l.value} value={l.value}>
              {l.label}
            </option>
          ))}
        </select>
      </label>
      <fieldset className="gantt-segment" disabled={!laidOut}>
        <button
          type="button"
          className="gantt-segment-button"
          aria-label={t('gantt.zoom_out')}
          title={t('gantt.zoom_out')}
          onClick={() => onZoom(1 / 1.5)}
        >
          −
        </button>
        <button
          type="button"
          className="gantt-segment-button"
          aria-label={t('gantt.zoom_in')}
          title={t('gantt.zoom_in')}
          onClick={() => onZoom(1.5)}
        >
          +
        </button>
        <button type="button" className="gantt-segment-button" onClick={onFit} data-testid="network-fit">
          {t('gantt.fit')}
        </button>
      </fieldset>
      <button
        type="button"
        className="gantt-segment-button"
        aria-pressed={legend}
        onClick={() => onLegend(!legend)}
        data-testid="network-legend-toggle"
      >
        {t('network.legend')}
      </button>
      <button
        type="button"
        className="gantt-segment-button"
        disabled={!laidOut}
        onClick={() => {
          const url = onImage();
          if (!url) return;
          const link = document.createElement('a');
          link.href = url;
          link.download = `${t('network.title')}.png`;
          link.click();
        }}
        data-testid="network-image"
      >
        {t('network.image')}
      </button>
      <span className="network-summary" data-testid="network-summary">
        {t('network.summary', { nodes, edges })}
      </span>
    </div>
  );
}

/** The hover title of a box: its code and duration, the work's full name, then the rest of its text. */
function networkTitle(
  model: ScheduleModel,
  graph: NetworkGraph,
  node: number,
  words: NetworkWords,
  hoursPerDay: number,
): string {
  if (node < 0) return '';
  const row = graph.row[node]!;
  return networkNodeText(model, graph, node, words, hoursPerDay).replace(
    /^(.*)\n.*\n/,
    (_all, first: string) => `${first}\n${model.strings[model.name[row]!] ?? ''}\n`,
  );
}

/**
 * Pointer gestures on the diagram: dragging pans (past a few pixels), a click without a drag picks the box
 * under it, hovering names the box in the host's title.
 */
function useNetworkPointer({
  placed,
  camera,
  setCamera,
  titleOf,
  onClick,
}: {
  placed: Placed | null;
  camera: RefObject<NetworkCamera>;
  setCamera: (next: NetworkCamera) => void;
  titleOf: (node: number) => string;
  onClick: (node: number) => void;
}) {
  const drag = useRef<{ x: number; y: number; moved: boolean } | null>(null);
  const [hoverTitle, setHoverTitle] = useState('');
  const nodeAt = (event: React.PointerEvent<HTMLDivElement>) => {
    if (!placed) return -1;
    const box = event.currentTarget.getBoundingClientRect();
    return networkHitTest(
      placed.layout,
      placed.index,
      camera.current,
      event.clientX - box.left,
      event.clientY - box.top,
    );
  };
  const handlers = {
    onPointerDown: (event: React.PointerEvent<HTMLDivElement>) => {
      drag.current = { x: event.clientX, y: event.clientY, moved: false };
      event.currentTarget.setPointerCapture(event.pointerId);
    },
    onPointerMove: (event: React.PointerEvent<HTMLDivElement>) => {
      const start = drag.current;
      if (!start) {
        setHoverTitle(titleOf(nodeAt(event)));
        return;
      }
      const dx = event.clientX - start.x;
      const dy = event.clientY - start.y;
      if (!start.moved && Math.hypot(dx, dy) < CLICK_SLOP) return;
      drag.current = { x: event.clientX, y: event.clientY, moved: true };
      setCamera(networkPan(camera.current, dx, dy));
    },
    onPointerUp: (event: React.PointerEvent<HTMLDivElement>) => {
      const start = drag.current;
      drag.current = null;
      if (!start || start.moved) return;
      const node = nodeAt(event);
      if (node >= 0) onClick(node);
    },
    onPointerCancel: () => {
      drag.current = null;
    },
  };
  return { handlers, hoverTitle };
}

/** What the diagram says over its canvas: laying out, arranging (the provisional layout drawn), failed, empty. */
function LayoutNotes({ placed, failed, nodes }: { placed: Placed | null; failed: boolean; nodes: number }) {
  const t = useT();
  const ok = placed;
  return (
    <>
      {!ok && !failed && (
        <div className="network-busy" role="status">
          <Spinner />
          <span>{t('network.laying_out', { nodes })}</span>
        </div>
      )}
      {ok && !ok.final && !failed && ok.layout.nodeCount > 0 && (
        <div className="network-arranging" role="status" data-testid="network-arranging">
          <span className="spinner" aria-hidden="true" />
          <span>{t('network.arranging')}</span>
        </div>
      )}
      {failed && (
        <div className={ok ? 'network-arranging' : 'network-busy'} role="alert">
          {t('network.failed')}
        </div>
      )}
      {ok && nodes === 0 && <div className="network-busy">{t('network.empty')}</div>}
    </>
  );
}

/**
 * The version's network diagram (activity on node) beside the grid: every work as a box, its relations
 * as arrows, laid out left to right by elkjs on a worker and drawn by `NetworkPixiRenderer`; until
 * elkjs answers, a provisional layout made at once is drawn (`networkProvisionalLayout`). Above
 * `NETWORK_DETAIL_LIMIT` works it opens summarised by WBS (one box per summary); `level` picks another.
 * Wheel zooms at the pointer, dragging pans; clicking a box selects its work in the grid, and a work
 * selected in the grid is centred here.
 */
export function NetworkDiagram({
  model,
  revision,
  hoursPerDay,
  selected,
  onSelectWork,
  level,
  onLevel,
}: {
  model: ScheduleModel;
  revision: number;
  hoursPerDay: number;
  selected: ReadonlySet<string>;
  onSelectWork: (id: string) => void;
  /** The WBS level to summarise at (0: every work); null: as the version's size asks. */
  level: number | null;
  onLevel: (level: number | null) => void;
}) {
  const t = useT();
  const lang = useAppState((s) => s.language);
  const dark = useAppState((s) => s.darkTheme);
  const [legend, setLegend] = useState(true);
  const { host, canvas, renderer, ready, size } = usePixiHost(dark, ({ NetworkPixiRenderer }, start) =>
    NetworkPixiRenderer.create(start),
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: the model's columns change in place; the revision says when
  const input = useMemo(() => networkInputOf(model), [model, revision]);
  const counts = useMemo(() => networkNodeCounts(input), [input]);
  const autoLevel = useMemo(() => networkAutoLevel(input), [input]);
  const shown = level !== null && level < counts.length ? level : autoLevel;
  const graph = useMemo(() => networkGraph(input, shown), [input, shown]);
  const key = useMemo(() => networkStructureKey(graph), [graph]);

  const { ok, failed } = useNetworkLayout(graph, key);

  // The camera moves with every pointer event: kept in a ref and handed to the renderer, not to React.
  const camera = useRef<NetworkCamera>({ x: 0, y: 0, zoom: 1 });
  // The layout drawn, the view's size, and the camera that fitted it (the view is still the whole diagram
  // while they match).
  const drawn = useRef<{
    key: string;
    layout: NetworkLayout;
    fitted: NetworkCamera | null;
    width: number;
    height: number;
  } | null>(null);
  const setCamera = (next: NetworkCamera) => {
    camera.current = next;
    renderer.current?.setCamera(next);
  };
  const fit = () => {
    if (!ok) return;
    const fitted = networkFit(ok.layout, size.width, size.height);
    if (drawn.current) drawn.current.fitted = fitted;
    setCamera(fitted);
  };

  const words: NetworkWords = useMemo(
    () => ({
      days: (days) => t('network.days', { days }),
      float: (days) => t('network.float', { days }),
      works: (count) => t('network.works', { count }),
      number: (value) => formatNumber(value, lang, 1),
    }),
    [t, lang],
  );
  const selectedNodes = useMemo(() => {
    const nodes = new Set<number>();
    for (const id of selected) {
      const row = model.rowOf.get(id);
      const node = row === undefined ? -1 : graph.nodeOfRow[row]!;
      if (node >= 0) nodes.add(node);
    }
    return nodes;
  }, [selected, model, graph]);
  // The box of the work selected last: the one kept in view when the layout is refined.
  const focusNode = useMemo(() => {
    const last = [...selected].at(-1);
    const row = last === undefined ? undefined : model.rowOf.get(last);
    return row === undefined ? -1 : graph.nodeOfRow[row]!;
  }, [selected, model, graph]);
  const sceneVersion = useMemo(
    () => ({ revision, words, selectedNodes, hoursPerDay }),
    [revision, words, selectedNodes, hoursPerDay],
  );
  const versionNumber = useRef({ of: sceneVersion, n: 0 });
  if (versionNumber.current.of !== sceneVersion)
    versionNumber.current = { of: sceneVersion, n: versionNumber.current.n + 1 };

  const probe = useNetworkProbe(renderer, ready);
  useEffect(() => {
    const r = renderer.current;
    if (!ready || !r || !ok || size.width === 0) return;
    const before = drawn.current;
    if (before?.layout !== ok.layout) {
      // Elkjs's layout replacing the provisional one keeps the selected box in view; a new graph is fitted.
      const same = before?.key === ok.key;
      const wasFitted = same && camera.current === before.fitted;
      camera.current = same
        ? networkCarryCamera(
            camera.current,
            before.layout,
            ok.layout,
            focusNode,
            wasFitted,
            size.width,
            size.height,
          )
        : networkFit(ok.layout, size.width, size.height);
      drawn.current = {
        key: ok.key,
        layout: ok.layout,
        fitted: !same || (wasFitted && focusNode < 0) ? camera.current : null,
        width: size.width,
        height: size.height,
      };
    } else if (before.width !== size.width || before.height !== size.height) {
      // The pane settling (the page around it still laying out) or resized: a fitted view fits again.
      if (camera.current === before.fitted) {
        camera.current = networkFit(ok.layout, size.width, size.height);
        before.fitted = camera.current;
      }
      before.width = size.width;
      before.height = size.height;
    }
    r.setScene({
      graph,
      layout: ok.layout,
      index: ok.index,
      nodeText: (node) => networkNodeText(model, graph, node, words, hoursPerDay),
      edgeText: (edge) => networkEdgeText(graph, edge, words, hoursPerDay),
      selected: selectedNodes,
      version: versionNumber.current.n,
    });
    r.setCamera(camera.current);
    probe.scene(graph, ok.layout, ok.ms, model, camera);
  });

  // A work selected in the grid (not by a click here) is centred.
  const clicked = useRef<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new selection or a new graph moves the view (elkjs's layout replacing the provisional one carries the camera)
  useEffect(() => {
    if (!ok || size.width === 0 || selected.size === 0) return;
    const last = [...selected].at(-1)!;
    if (clicked.current === last) {
      clicked.current = null;
      return;
    }
    if (focusNode >= 0)
      setCamera(networkCenterOn(camera.current, ok.layout, focusNode, size.width, size.height));
  }, [selected, ok?.key]);

  useWheelZoom(host, camera, setCamera);

  const pointer = useNetworkPointer({
    placed: ok,
    camera,
    setCamera,
    titleOf: (node) => networkTitle(model, graph, node, words, hoursPerDay),
    onClick: (node) => {
      const id = model.ids[graph.row[node]!]!;
      clicked.current = id;
      onSelectWork(id);
    },
  });

  return (
    <div className="network-pane" data-testid="network">
      <NetworkToolbar
        level={level === null ? 'auto' : shown}
        autoLevel={autoLevel}
        counts={counts}
        onLevel={onLevel}
        laidOut={!!ok}
        onZoom={(factor) => setCamera(networkZoomAt(camera.current, factor, size.width / 2, size.height / 2))}
        onFit={fit}
        legend={legend}
        onLegend={setLegend}
        onImage={() => renderer.current?.snapshot()}
        nodes={graph.nodeCount}
        edges={graph.edgeCount}
      />
      <div
        ref={host}
        className="network-host"
        role="application"
        aria-label={t('network.title')}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the canvas application takes the keyboard (+, −, 0, arrows)
        tabIndex={0}
        title={pointer.hoverTitle}
        data-ready={ready && ok?.final ? 'true' : 'false'}
        data-layout={ok ? (ok.final ? 'final' : 'provisional') : 'none'}
        {...pointer.handlers}
        onKeyDown={(event) => {
          if (event.key === '0') fit();
          else {
            const next = keyMove(camera.current, event.key, size.width, size.height);
            if (!next) return;
            setCamera(next);
          }
          event.preventDefault();
        }}
      >
        <canvas ref={canvas} className="network-canvas" />
        <LayoutNotes placed={ok} failed={failed} nodes={graph.nodeCount} />
      </div>
      {legend && <NetworkLegend />}
    </div>
  );
}
