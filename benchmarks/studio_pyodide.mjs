// The Studio's link under Pyodide (the page's Python), in Node: ms to encode it once.
//
//     node benchmarks/studio_pyodide.mjs        (after `npm ci`; prints two lines)
//
// Loads this checkout's paisho_core and paisho_page into the pinned Pyodide of
// node_modules (or the one PAISHO_NODE_MODULES names), writes a Skud demo of 10 steps
// after the start with captions of about 120 characters, and times what the Studio does
// on each caption keystroke (Draft.link: the demo checked, every step replayed by the
// engine, then compressed), the caption one character longer each time so that nothing
// is cached; prints the median and worst of 40, and the link's length; then the same
// under CPython (`python3` with this checkout on its path).  Prints figures, asserts
// nothing.
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
for (const pkg of ["paisho_core", "paisho_page"]) {
  copyDir(path.join(root, pkg), `/home/pyodide/${pkg}`);
}

const SCRIPT = `
import random, statistics, time
from paisho_core import setups
from paisho_page.studio.demo import Draft, StepDraft
setup = setups.standard("skud")
game = setups.build(setup)
draft = Draft()
VOCABULARY = ("Host Guest Rose Jade Lotus Orchid Wheel Boat Rock Knotweed Gate garden centre "
              "moves towards harmony clash waits behind blocks opens keeps trapped because "
              "cannot next turn line ring point three four across safe threat plant").split()
def caption(number):
    pick = random.Random(number)
    words = []
    while len(" ".join(words)) < 118:
        words.append(pick.choice(VOCABULARY))
    return " ".join(words)[:120].strip() + "."
draft.steps[0] = StepDraft(caption=caption(0))
for number in range(1, 11):
    action = game.legal_actions()[(7 * number) % len(game.legal_actions())]
    draft.steps.append(StepDraft(game.format_action(action), caption(number)))
    game.apply(action)
words = caption(99)
times = []
for extra in range(41):
    draft.go(extra % 11)
    draft.set_caption(draft.steps[draft.at].caption[:100] + words[: 20 + extra % 8])
    start = time.perf_counter()
    fragment, why = draft.link(setup)
    times.append((time.perf_counter() - start) * 1000)
    assert fragment, why
times = times[1:]  # the first one imports and warms up
out = (f"{len(times)} encodings of a 10-step demo: median {statistics.median(times):.1f} ms, "
       f"worst {max(times):.1f} ms; link {len(fragment)} characters")
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
