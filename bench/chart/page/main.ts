// The probe must wrap requestAnimationFrame before a library module can capture it.
import './frame-probe.js';
import type { ChartBenchGlobal, LibraryName } from '../protocol.js';
import type { ChartAdapter } from './adapter.js';
import { createBenchPage } from './bench-page.js';

/** Each library is its own chunk: a page loads, and holds in its heap, only the one it measures. */
async function loadAdapter(library: LibraryName): Promise<ChartAdapter> {
  if (library === 'chart-kit') {
    const { ChartKitAdapter } = await import('./chart-kit-adapter.js');
    return new ChartKitAdapter();
  }
  const { LightweightAdapter } = await import('./lightweight-adapter.js');
  return new LightweightAdapter();
}

function requestedLibrary(): LibraryName {
  const library = new URLSearchParams(window.location.search).get('library');
  if (library === 'chart-kit' || library === 'lightweight-charts') return library;
  throw new Error(`unknown library ${String(library)}: open the page with ?library=chart-kit`);
}

const container = document.getElementById('chart');
if (!container) throw new Error('the page has no #chart element');
const adapter = await loadAdapter(requestedLibrary());
const pageGlobal = globalThis as ChartBenchGlobal;
pageGlobal.chartBench = createBenchPage(adapter, container);
pageGlobal.chartBenchReady = true;
