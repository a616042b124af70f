/* The embed pages' own script (embed.html and the pre-rendered demo-<name>.html pages).
 *
 * Works before, and without, Python:
 *  - reads the parameters (query or fragment, the fragment wins): step, orient
 *    (host|guest), theme (light|dark), mode (read|try), autoplay, speed, id;
 *  - on a demo page, every step is pre-rendered in a <template data-step>: the
 *    buttons, the arrow keys and Play step through them with no engine at all;
 *  - a step's alternatives ("What if…") are more templates, <template data-step="3"
 *    data-alt="0" data-alt-step="1"> (alt-step 0: its introduction, the position
 *    before step 3): a button per alternative (its caption, as text) opens it, the
 *    same buttons and keys step through it, "Back to the demo" (or Escape) returns;
 *  - "try it" (mode=try) loads PyScript and embed.py, which takes over the board;
 *  - embed.html#demo=<name> opens that demo's pre-rendered page;
 *  - tells the host page its height: parent.postMessage({type: "paisho-embed-height",
 *    height: <CSS pixels>, id: <the id parameter, or "">}, "*") whenever it changes,
 *    and again when the parent asks ({type: "paisho-embed-ask"}: a host script that
 *    started after the frame's first message).
 * Nothing from the URL is inserted as HTML (only known names and numbers are used).
 */
(() => {
  const DEMOS = "__DEMO_NAMES__";
  const html = document.documentElement;
  const params = new Map();
  window.paishoEmbedHash = location.hash;  // (Python starts again if it changed since)
  for (const part of [location.search, location.hash]) {
    const text = part.replace(/^[?#]/, "");
    if (!text || text.startsWith("1")) continue;  // a shared game's link is no parameter
    for (const [key, value] of new URLSearchParams(text)) params.set(key, value);
  }

  // embed.html#demo=NAME: the demo's own page (pre-rendered, instant)
  const wanted = params.get("demo");
  if (!html.dataset.demo && wanted && Array.isArray(DEMOS) && DEMOS.includes(wanted)) {
    const rest = new URLSearchParams([...params].filter(([key]) => key !== "demo"));
    const query = rest.toString();
    // (relative to this page: a language's embed.html opens its own demo pages)
    location.replace(new URL(`./demo-${wanted}.html${query ? "?" + query : ""}`, location.href).href);
    return;
  }

  /** A word of the page in its language (the build translated the hidden #embed-words). */
  const word = (name, english) =>
    document.querySelector(`#embed-words [data-word="${name}"]`)?.textContent || english;

  const theme = params.get("theme");
  if (theme === "light" || theme === "dark") html.dataset.theme = theme;
  if (window.parent !== window) html.dataset.framed = "1";
  if (params.get("orient") === "guest") html.dataset.orient = "guest";
  if (params.get("mode") === "try") html.dataset.mode = "try";

  // ---- the height message
  const frameId = (params.get("id") || "").slice(0, 64);
  let lastHeight = 0;
  const postHeight = () => {
    const main = document.querySelector("main");
    if (!main || window.parent === window) return;
    const height = Math.ceil(main.getBoundingClientRect().bottom + window.scrollY + 8);
    if (height !== lastHeight) {
      lastHeight = height;
      window.parent.postMessage({ type: "paisho-embed-height", height, id: frameId }, "*");
    }
  };

  const SVG_NS = "http://www.w3.org/2000/svg";
  /* The Guest's side at the bottom: turn the dynamic layer, keep every tile upright
   * (as paisho_core.demos.diagram.rotate_dynamic does in Python). */
  const orient = (dynamic) => {
    if (html.dataset.orient !== "guest" || !dynamic) return;
    const turn = document.createElementNS(SVG_NS, "g");
    turn.setAttribute("transform", "rotate(180)");
    while (dynamic.firstChild) turn.appendChild(dynamic.firstChild);
    dynamic.appendChild(turn);
    for (const tile of turn.querySelectorAll("g.tile")) {
      tile.setAttribute("transform", `${tile.getAttribute("transform") || ""} rotate(180)`);
    }
  };

  const start = () => {
    const holder = document.getElementById("board-holder");
    const steps = [...document.querySelectorAll("template[data-step]:not([data-alt])")];
    const branches = new Map();  // "<step>.<alternative>" -> its templates, in order
    for (const alt of document.querySelectorAll("template[data-alt]")) {
      const key = `${alt.dataset.step}.${alt.dataset.alt}`;
      if (!branches.has(key)) branches.set(key, []);
      branches.get(key)[+alt.dataset.altStep] = alt;
    }
    const alternativesOf = (index) => {
      const out = [];
      for (let n = 0; branches.has(`${index}.${n}`); n++) out.push(branches.get(`${index}.${n}`));
      return out;
    };
    const pythonOwns = () => html.dataset.engine === "ready";
    if (steps.length && holder) {
      let at = 0;
      let branch = null;  // the alternative shown: {step, alt}, or null for the demo itself
      let timer = null;
      const line = () => (branch ? branches.get(`${branch.step}.${branch.alt}`) : steps);
      const button = (id) => document.getElementById(id);
      const showWhatIf = () => {
        const alts = branch ? [] : alternativesOf(at);
        const list = button("what-if-list");
        if (!list) return;
        list.replaceChildren(...alts.map((found, n) => {
          const choice = document.createElement("button");
          choice.type = "button";
          choice.dataset.alt = String(n);
          choice.textContent = found[0].dataset.stepCaption || "";
          return choice;
        }));
        button("what-if").hidden = !alts.length;
        button("alt-bar").hidden = !branch;
        button("alt-label").textContent = branch
          ? word("alt-label", "What if, at step {step}").replace("{step}", String(branch.step))
          : "";
      };
      const show = (index) => {
        const shown = line();
        at = Math.max(0, Math.min(index, shown.length - 1));
        const step = shown[at];
        const dynamic = document.getElementById("board-dynamic");
        if (dynamic) {
          // each template holds <svg>…</svg>, so that its markup is parsed as SVG
          const copy = step.content.firstElementChild.cloneNode(true);
          dynamic.replaceChildren(...copy.childNodes);
          orient(dynamic);
        }
        holder.dataset.step = String(branch ? branch.step : at);
        document.getElementById("caption").textContent = step.dataset.stepCaption || "";
        document.getElementById("ply").textContent = `${at} / ${shown.length - 1}`;
        const full = document.getElementById("open-full");
        if (full && step.dataset.link) full.href = step.dataset.link;
        const diagram = document.getElementById("diagram-link");
        if (diagram) {
          if (step.dataset.diagram) diagram.href = step.dataset.diagram;
          diagram.hidden = !step.dataset.diagram;
        }
        button("btn-first").disabled = button("btn-prev").disabled = at === 0;
        button("btn-next").disabled = button("btn-last").disabled = at >= shown.length - 1;
        button("btn-play").disabled = shown.length < 2;
        showWhatIf();
        postHeight();
      };
      const stop = () => {
        if (timer !== null) clearInterval(timer);
        timer = null;
        button("btn-play").textContent = word("play", "Play");
        button("btn-play").setAttribute("aria-label", word("play", "Play"));
      };
      const speedText = params.get("speed") || "";
      const speed = /^\d+$/.test(speedText) ? Math.max(200, Math.min(+speedText, 10000)) : 1800;
      const play = () => {
        stop();
        if (at >= line().length - 1) show(0);
        timer = setInterval(() => (at >= line().length - 1 || pythonOwns() ? stop() : show(at + 1)), speed);
        button("btn-play").textContent = word("pause", "Pause");
        button("btn-play").setAttribute("aria-label", word("pause", "Pause"));
      };
      const on = (id, go) => button(id).addEventListener("click", () => {
        if (pythonOwns()) return;  // embed.py has taken over
        if (id === "btn-play") {
          if (timer === null) play(); else stop();
          return;
        }
        stop();
        show(go());
      });
      on("btn-first", () => 0);
      on("btn-prev", () => at - 1);
      on("btn-next", () => at + 1);
      on("btn-last", () => line().length - 1);
      on("btn-play", () => at);
      const back = () => {
        if (!branch) return;
        const from = branch.step;
        stop();
        branch = null;
        show(from);
        button("what-if-list")?.querySelector("button")?.focus();
      };
      button("what-if-list")?.addEventListener("click", (event) => {
        const choice = event.target.closest("button[data-alt]");
        if (!choice || pythonOwns() || branch) return;
        stop();
        branch = { step: at, alt: +choice.dataset.alt };
        show(0);
        (button("btn-next").disabled ? button("btn-back-demo") : button("btn-next")).focus();
      });
      button("btn-back-demo")?.addEventListener("click", () => {
        if (!pythonOwns()) back();
      });
      document.addEventListener("keydown", (event) => {
        if (pythonOwns()) return;
        if (event.key === "Escape" && branch) {
          event.preventDefault();
          back();
          return;
        }
        const to = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: line().length - 1 };
        if (event.key in to) {
          event.preventDefault();
          stop();
          show(to[event.key]);
        }
      });
      const first = params.get("step") || "";
      show(/^\d+$/.test(first) ? +first : 0);
      if (["1", "true", "yes"].includes(params.get("autoplay"))) play();
      html.dataset.steps = "ready";
    } else {
      orient(document.getElementById("board-dynamic"));
    }
    if (params.get("mode") === "try") loadPython();
    postHeight();
    if ("ResizeObserver" in window) {
      // main, not only the body: a frame at least as tall as the page keeps its body's
      // height when main shrinks (a status line that wrapped while loading)
      const watch = new ResizeObserver(postHeight);
      watch.observe(document.body);
      const main = document.querySelector("main");
      if (main) watch.observe(main);
    }
    window.addEventListener("resize", postHeight);
    window.addEventListener("message", (event) => {
      if (event.source !== window.parent || event.data?.type !== "paisho-embed-ask") return;
      lastHeight = 0;
      postHeight();
    });
  };

  /* Start PyScript on a page built without it (a demo page in "try it" mode). */
  const loadPython = () => {
    const held = document.querySelectorAll('script[type^="text/x-deferred"]');
    if (!held.length) return;
    document.getElementById("status").textContent = word("loading", "Loading the engine…");
    for (const old of held) {
      const script = document.createElement("script");
      for (const { name, value } of old.attributes) script.setAttribute(name, value);
      script.type = old.type === "text/x-deferred-module" ? "module" : "py";
      old.replaceWith(script);
    }
  };

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
