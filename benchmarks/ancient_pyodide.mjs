// Ancient's Hard under Pyodide (the page's Python), in Node: seconds per action.
//
//     node benchmarks/ancient_pyodide.mjs        (after `npm ci`; prints two lines)
//
// Loads this checkout's paisho_core into the pinned Pyodide of node_modules
// (or the one PAISHO_NODE_MODULES names) and
// plays Hard as the first seat against Medium, 40 actions of three deals (2 and 3
// seats); prints the median and worst wall seconds of Hard's actions, then the same
// positions under CPython (`python3` with this checkout on its path).  Prints figures,
// asserts nothing.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const modules = process.env.PAISHO_NODE_MODULES || path.join(root, "node_modules");
const { loadPyodide } = await import(path.join(modules, "pyodide/pyodide.mjs"));
const py = await loadPyodide({ indexURL: path.join(modules, "pyodide/") });

function copyDir(src, dst) {
  py.FS.mkdirTree(dst);
  for (const name of fs.readdirSync(src)) {
    const from = path.join(src, name);
    if (fs.statSync(from).isDirectory()) {
      if (name !== "__pycache__") copyDir(from, `${dst}/${name}`);
    } else if (/\.(py|json|typed)$/.test(name)) {
      py.FS.writeFile(`${dst}/${name}`, fs.readFileSync(from));
    }
  }
}
copyDir(path.join(root, "paisho_core"), "/home/pyodide/paisho_core");

const SCRIPT = `
import json, statistics, time
from paisho_core import new_game
from paisho_core.ai import choose_action
times = {2: [], 3: []}
for players, seed in ((2, 101), (3, 1001), (3, 1002)):
    game = new_game("ancient", ["target=5"], seed, players=players)
    while game.to_move is not None and game.plies < 40:
        level = "hard" if game.to_move == 0 else "medium"
        start = time.perf_counter()
        action = choose_action(game, seed=seed, level=level)
        if level == "hard":
            times[players].append(time.perf_counter() - start)
        game.apply(action)
out = json.dumps({f"{k} seats": f"{len(v)} actions, median {statistics.median(v):.3f} s, "
                  f"worst {max(v):.3f} s" for k, v in times.items()})
`;
py.runPython(SCRIPT);
console.log(`Pyodide ${py.version}: ${py.globals.get("out")}`);
try {
  const text = execFileSync("python3", ["-c", `${SCRIPT}\nprint(out)`], {
    cwd: root, env: { ...process.env, PYTHONPATH: root }, encoding: "utf8",
  });
  console.log(`CPython: ${text.trim()}`);
} catch (error) {
  console.log(`CPython: not run (${error.message.split("\n")[0]})`);
}
