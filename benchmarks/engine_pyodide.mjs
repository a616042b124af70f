// Engine speed in Pyodide (the page's Python, run by Node): prints figures, asserts nothing.
//
//     node benchmarks/engine_pyodide.mjs      (after `npm ci`, which brings node_modules/pyodide)
//
// Runs the Skud figures of benchmarks/engine.py (mid-game legal actions, copy + apply and
// push + pop per action, replay per action) on the same wasm interpreter the page loads, with
// the repository mounted read-only as /repo.  Node's wasm engine is V8's, as in Chromium.
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const { loadPyodide } = await import(join(root, "node_modules", "pyodide", "pyodide.mjs"));
const py = await loadPyodide({ indexURL: join(root, "node_modules", "pyodide") + "/" });
py.FS.mkdirTree("/repo");
py.FS.mount(py.FS.filesystems.NODEFS, { root }, "/repo");
await py.runPythonAsync(`
import sys
sys.path[:0] = ["/repo", "/repo/benchmarks"]
import engine

print(f"Pyodide {sys.version.split()[0]}")
mid = engine.mid_game_positions()
ms, per_second, mean = engine.time_generation(mid, 3)
print(f"mid-game legal actions: {len(mid)} positions, {mean:.0f} actions each, "
      f"{ms:.2f} ms per position (median of 3), {per_second:,.0f} actions/s")
copy_apply, push_pop = engine.time_apply(mid, 2)
print(f"per action: copy + apply {copy_apply:.0f} µs, push + pop {push_pop:.0f} µs "
      f"({len(mid)} positions, every legal action)")
per_ply, plies = engine.replay_per_ply(2)
print(f"replay: {per_ply:.0f} µs per action (legal list + apply + end check, "
      f"{plies} actions of the reference games)")
`);
