import {
  type NetworkCamera,
  type NetworkIndex,
  type NetworkLayout,
  networkAutoLevel,
  networkCenterOn,
  networkFit,
  networkGraph,
  networkHitTest,
  networkIndex,
  networkNodeCounts,
  networkPan,
  networkStructureKey,
  networkZoomAt,
} from '@takt/gantt/network';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Spinner } from '../../../components/ui';
import type { ScheduleModel } from '../../../lib/columnar';
import { useT } from '../../../lib/i18n';
import { usePixiHost } from '../../../lib/pixi-host';
import { formatNumber } from '../../../lib/schedule-time';
import { useAppState } from '../../../state/app-state';
import { layOutOnWorker } from './layout-client';
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
 * The version's network diagram (activity on node) beside the grid: every work as a box, its relations
 * as arrows, laid out left to right by elkjs on a worker and drawn by `NetworkPixiRenderer`. Above
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

  // The layout, on the worker, again only when the structure changed (not the dates or progress).
  const [placed, setPlaced] = useState<Placed | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (placed?.key === key) return;
    let current = true;
    setFailed(false);
    layOutOnWorker(graph, key).then(
      ({ layout, ms }) => {
        if (current) setPlaced({ key, layout, index: networkIndex(layout), ms });
      },
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [graph, key, placed?.key]);
  const ok = placed?.key === key ? placed : null;

  // The camera moves with every pointer event: kept in a ref and handed to the renderer, not to React.
  const camera = useRef<NetworkCamera>({ x: 0, y: 0, zoom: 1 });
  const fittedKey = useRef('');
  const setCamera = (next: NetworkCamera) => {
    camera.current = next;
    renderer.current?.setCamera(next);
  };
  const fit = () => ok && setCamera(networkFit(ok.layout, size.width, size.height));

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
    if (fittedKey.current !== ok.key) {
      fittedKey.current = ok.key;
      camera.current = networkFit(ok.layout, size.width, size.height);
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
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new selection or a new layout moves the view
  useEffect(() => {
    if (!ok || size.width === 0 || selected.size === 0) return;
    const last = [...selected].at(-1)!;
    if (clicked.current === last) {
      clicked.current = null;
      return;
    }
    const row = model.rowOf.get(last);
    const node = row === undefined ? -1 : graph.nodeOfRow[row]!;
    if (node >= 0) setCamera(networkCenterOn(camera.current, ok.layout, node, size.width, size.height));
  }, [selected, ok]);

  // Wheel: zoom at the pointer; a sideways scroll (touchpad) pans. Passive listeners cannot stop the page.
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

  const drag = useRef<{ x: number; y: number; moved: boolean } | null>(null);
  const [hoverTitle, setHoverTitle] = useState('');
  const nodeAt = (event: React.PointerEvent<HTMLDivElement>) => {
    if (!ok) return -1;
    const box = event.currentTarget.getBoundingClientRect();
    return networkHitTest(
      ok.layout,
      ok.index,
      camera.current,
      event.clientX - box.left,
      event.clientY - box.top,
    );
  };
  const titleOf = (node: number) => {
    if (node < 0) return '';
    const row = graph.row[node]!;
    return networkNodeText(model, graph, node, words, hoursPerDay).replace(
      /^(.*)\n.*\n/,
      (_all, first: string) => `${first}\n${model.strings[model.name[row]!] ?? ''}\n`,
    );
  };

  const levels = counts.map((count, at) => ({
    value: at,
    label: at === 0 ? t('network.level.works', { count }) : t('network.level.wbs', { level: at, count }),
  }));

  return (
    <div className="network-pane" data-testid="network">
      <div className="network-toolbar" role="toolbar" aria-label={t('network.toolbar')}>
        <label className="network-level">
          <span>{t('network.level')}</span>
          <select
            value={level === null ? 'auto' : String(shown)}
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
        <fieldset className="gantt-segment" disabled={!ok}>
          <button
            type="button"
            className="gantt-segment-button"
            aria-label={t('gantt.zoom_out')}
            title={t('gantt.zoom_out')}
            onClick={() => setCamera(networkZoomAt(camera.current, 1 / 1.5, size.width / 2, size.height / 2))}
          >
            −
          </button>
          <button
            type="button"
            className="gantt-segment-button"
            aria-label={t('gantt.zoom_in')}
            title={t('gantt.zoom_in')}
            onClick={() => setCamera(networkZoomAt(camera.current, 1.5, size.width / 2, size.height / 2))}
          >
            +
          </button>
          <button type="button" className="gantt-segment-button" onClick={fit} data-testid="network-fit">
            {t('gantt.fit')}
          </button>
        </fieldset>
        <button
          type="button"
          className="gantt-segment-button"
          aria-pressed={legend}
          onClick={() => setLegend(!legend)}
          data-testid="network-legend-toggle"
        >
          {t('network.legend')}
        </button>
        <button
          type="button"
          className="gantt-segment-button"
          disabled={!ok}
          onClick={() => {
            const url = renderer.current?.snapshot();
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
          {t('network.summary', { nodes: graph.nodeCount, edges: graph.edgeCount })}
        </span>
      </div>
      <div
        ref={host}
        className="network-host"
        role="application"
        aria-label={t('network.title')}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the canvas application takes the keyboard (+, −, 0, arrows)
        tabIndex={0}
        title={hoverTitle}
        data-ready={ready && ok ? 'true' : 'false'}
        onPointerDown={(event) => {
          drag.current = { x: event.clientX, y: event.clientY, moved: false };
          event.currentTarget.setPointerCapture(event.pointerId);
        }}
        onPointerMove={(event) => {
          const start = drag.current;
          if (!start) {
            setHoverTitle(titleOf(nodeAt(event)));
            return;
          }
          const dx = event.clientX - start.x;
          const dy = event.clientY - start.y;
          if (!start.moved && Math.hypot(dx, dy) < CLICK_SLOP) return;
          start.moved = true;
          drag.current = { x: event.clientX, y: event.clientY, moved: true };
          setCamera(networkPan(camera.current, dx, dy));
        }}
        onPointerUp={(event) => {
          const start = drag.current;
          drag.current = null;
          if (!start || start.moved) return;
          const node = nodeAt(event);
          if (node < 0) return;
          const id = model.ids[graph.row[node]!]!;
          clicked.current = id;
          onSelectWork(id);
        }}
        onPointerCancel={() => {
          drag.current = null;
        }}
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
        {!ok && !failed && (
          <div className="network-busy" role="status">
            <Spinner />
            <span>{t('network.laying_out', { nodes: graph.nodeCount })}</span>
          </div>
        )}
        {failed && (
          <div className="network-busy" role="alert">
            {t('network.failed')}
          </div>
        )}
        {ok && graph.nodeCount === 0 && <div className="network-busy">{t('network.empty')}</div>}
      </div>
      {legend && <NetworkLegend />}
    </div>
  );
}
