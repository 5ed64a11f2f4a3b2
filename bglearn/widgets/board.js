// bglearn BoardWidget — the browser side (an anywidget ES module, no build step).
// It draws what Python sends (the SVG, the message, the buttons) and reports clicks, keys and button
// presses back. It decides nothing about the rules: Python does.
//
// Keyboard (the words a learner reads are Python's, in the `texts` trait):
// - The drawing is ONE tab stop with a roving focus: one point, bar or tray has tabindex 0 (the last
//   focused, else the selected checker's, else the first checker that may move), the others -1. The
//   arrow keys move between them as they lie on the screen; N / P go to the next / previous checker that
//   may move (or, with a checker selected, its next / previous legal destination); Enter or Space selects
//   and moves (after a selection the focus goes to the first legal destination); a digit 1-6 moves the
//   focused checker by that die (a select and a move in one key).
// - Single keys press the buttons: D Done (or Pass), U Undo, R Roll, C Double, T Take, X Drop, G New game;
//   S reads the whole position; / goes to the "type a play" field. Escape leaves the board (to the
//   notebook, whose own Escape still works); in the field Escape goes back to the board.
// - Tab leaves the drawing for the play field and then the buttons row (one stop, the arrow keys move
//   along it). Keys with Ctrl, Cmd or Alt, Tab, Escape and F-keys are never kept: JupyterLab's shortcuts
//   (Ctrl+S, Ctrl+B, ...) work with the focus on the board; every other key the board keeps, so that
//   a stray "d d" or "a" never edits the notebook.
// The message under the board is one ARIA live region for the board's whole life: a view re-created
// by a display update (after each turn) takes the same element over, so the computer's move is heard.

const TARGET = "[data-point],[data-bar],[data-off]";
const ARROWS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
const CONTROL_KEYS = { d: "done", u: "undo", r: "roll", c: "double", t: "take", x: "drop", g: "new-game" };
const NARROW_PX = 480;   // below this width the board asks Python for its narrow (portrait) layout
// board id -> what outlives one view of the board (each display update re-creates the view, and each
// view gets its own model proxy, so the board's id, not the model object, names the board):
// {key, at} the focused target; the message element (the live region); the last revision announced.
const lastFocus = new Map();
const liveRegions = new Map();

function targetOf(node) {
  if (node.hasAttribute("data-point")) return { point: Number(node.getAttribute("data-point")) };
  if (node.hasAttribute("data-bar")) return { bar: node.getAttribute("data-bar") };
  return { off: node.getAttribute("data-off") };
}

function keyOf(node) {
  if (!node || !node.getAttribute) return null;
  for (const a of ["data-point", "data-bar", "data-off", "data-control"]) {
    if (node.hasAttribute(a)) return `[${a}="${node.getAttribute(a)}"]`;
  }
  if (node.classList && node.classList.contains("bglearn-typed-input")) return ".bglearn-typed-input";
  return null;
}

function centre(node) {
  const r = node.getBoundingClientRect();
  return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
}

// The target nearest to `from` in the direction (dx, dy), preferring ones in line with it.
function neighbour(nodes, from, dx, dy) {
  const a = centre(from);
  let best = null;
  let bestScore = Infinity;
  for (const n of nodes) {
    if (n === from) continue;
    const b = centre(n);
    const along = (b.x - a.x) * dx + (b.y - a.y) * dy;
    if (along <= 1) continue;
    const across = Math.abs((b.x - a.x) * dy + (b.y - a.y) * dx);
    const score = along + 3 * across;
    if (score < bestScore) { best = n; bestScore = score; }
  }
  return best;
}

// Make `old` (in the page) look like `fresh` (just parsed), touching only what differs: the nodes the
// page already has stay (the focused point keeps its focus and is not announced again).
function morph(old, fresh) {
  const had = old.attributes;
  for (let i = had.length - 1; i >= 0; i--) {
    const name = had[i].name;
    if (!fresh.hasAttribute(name)) old.removeAttribute(name);
  }
  for (const a of fresh.attributes) {
    if (a.name === "tabindex" && old.hasAttribute("tabindex")) continue; // the roving focus is this file's
    if (old.getAttribute(a.name) !== a.value) old.setAttribute(a.name, a.value);
  }
  const oc = old.childNodes;
  const fc = [...fresh.childNodes];
  let i = 0;
  for (; i < fc.length; i++) {
    const f = fc[i];
    const o = oc[i];
    if (!o) { old.appendChild(f); continue; }
    if (o.nodeType !== f.nodeType || o.nodeName !== f.nodeName) { old.replaceChild(f, o); continue; }
    if (o.nodeType === 1) morph(o, f);
    else if (o.nodeValue !== f.nodeValue) o.nodeValue = f.nodeValue;
  }
  while (oc.length > fc.length) old.removeChild(old.lastChild);
}

// The words this file shows come from Python (the `texts` trait), so they are translated there.
function text(model, key, fallback, values = {}) {
  const t = (model.get("texts") || {})[key] || fallback;
  return t.replace(/\{(\w+)\}/g, (m, name) => (name in values ? String(values[name]) : m));
}

function render({ model, el }) {
  const boardId = model.get("board_id");
  el.classList.add("bglearn-board");
  el.setAttribute("role", "group");
  el.removeAttribute("data-lm-suppress-shortcuts"); // JupyterLab's Ctrl/Cmd shortcuts must work here
  const status = document.createElement("div");
  status.className = "bglearn-status";
  const dice = document.createElement("div");
  dice.className = "bglearn-dice";
  dice.setAttribute("role", "group");
  const board = document.createElement("div");
  board.className = "bglearn-svg";
  const typed = document.createElement("form");
  typed.className = "bglearn-typed";
  const typedLabel = document.createElement("label");
  const typedInput = document.createElement("input");
  typedInput.type = "text";
  typedInput.className = "bglearn-typed-input";
  typedInput.id = `${boardId}-typed-${Math.random().toString(36).slice(2, 8)}`;
  typedInput.autocomplete = "off";
  typedInput.spellcheck = false;
  typedInput.setAttribute("autocapitalize", "off");
  typedLabel.htmlFor = typedInput.id;
  typed.append(typedLabel, typedInput);
  const controls = document.createElement("div");
  controls.className = "bglearn-controls";
  controls.setAttribute("role", "toolbar");
  const help = document.createElement("p");
  help.className = "bglearn-keys-help";
  help.id = `${boardId}-keys-${Math.random().toString(36).slice(2, 8)}`;
  help.hidden = true;       // read as the board's description, never shown
  el.setAttribute("aria-describedby", help.id);
  // The one live region of this board, taken over from an earlier view if there was one.
  let live = liveRegions.get(boardId);
  if (!live) {
    const message = document.createElement("div");
    message.className = "bglearn-message";
    message.setAttribute("role", "status");
    message.setAttribute("aria-live", "polite");
    message.setAttribute("aria-atomic", "true");
    live = { message, revision: -1, text: null };
    liveRegions.set(boardId, live);
  }
  const message = live.message;
  el.append(status, dice, board, typed, controls, message, help);

  let timer = null;
  let selectByKey = false;      // Enter selected a checker: put the focus on its first destination
  let lastNarrow = null;

  // the points, bars and trays a key may reach (a game without a bar hides its strip from everyone)
  function targets() { return [...board.querySelectorAll(TARGET)].filter((n) => n.getAttribute("aria-hidden") !== "true"); }

  function focusKey(key, fallback) {
    const node = key ? el.querySelector(key) : null;
    if (node && !node.disabled && !node.closest("[hidden]")) { node.focus({ preventScroll: true }); return true; }
    if (fallback) {
      const first = board.querySelector('[tabindex="0"]') || controls.querySelector('[tabindex="0"]');
      if (first) { first.focus({ preventScroll: true }); return true; }
    }
    return false;
  }

  // -- one tab stop in the drawing, one in the buttons row -------------------------------------------
  function rove(nodes, keep) {
    let chosen = null;
    for (const n of nodes) if (keep(n)) { chosen = n; break; }
    chosen = chosen || nodes.find((n) => !n.disabled) || nodes[0];
    for (const n of nodes) {
      const want = n === chosen ? "0" : "-1";
      if (n.getAttribute("tabindex") !== want) n.setAttribute("tabindex", want);
    }
    return chosen;
  }

  function roveBoard() {
    const nodes = targets();
    if (!nodes.length) return;
    const active = board.contains(document.activeElement) ? document.activeElement.closest(TARGET) : null;
    const remembered = (lastFocus.get(boardId) || {}).key;
    const movable = (model.get("focus_order") || {}).movable || [];
    const wanted = [active && keyOf(active), remembered, keyOf(board.querySelector(".bg-selected")), movable[0]];
    for (const key of wanted) {
      const node = key ? board.querySelector(key) : null;
      if (node && nodes.includes(node)) { rove(nodes, (n) => n === node); return; }
    }
    rove(nodes, () => false);
  }

  function roveControls(prefer) {
    // The buttons row's one tab stop: the button last used, else the one a turn usually ends with.
    const buttons = [...controls.querySelectorAll("button")];
    if (!buttons.length) return;
    for (const id of [prefer, "done", "roll", "take", "new-game"]) {
      const b = buttons.find((x) => !x.disabled && x.dataset.control === id);
      if (b) { rove(buttons, (x) => x === b); return; }
    }
    rove(buttons, () => false);
  }

  // -- drawing ---------------------------------------------------------------------------------------
  const parser = document.createElement("template");

  function showSvg(svgText) {
    const active = board.contains(document.activeElement) ? keyOf(document.activeElement) : null;
    parser.innerHTML = svgText;
    const fresh = parser.content.firstElementChild;
    const old = board.firstElementChild;
    if (fresh) {
      fresh.removeAttribute("height"); // the box scales with the width available
      // The drawing is a group of buttons (not a picture) named in words, not by a Position ID; its
      // title and description (a picture's) are not read, and its dice are the row's (shown once).
      fresh.setAttribute("role", "group");
      if (!fresh.hasAttribute("aria-label")) fresh.setAttribute("aria-label", text(model, "drawing", "Points, bar and trays"));
      for (const t of fresh.querySelectorAll(":scope > title, :scope > desc, .bg-dice")) t.setAttribute("aria-hidden", "true");
      for (const n of fresh.querySelectorAll(TARGET)) {
        if (n.getAttribute("aria-hidden") !== "true") n.setAttribute("role", "button");
        else n.removeAttribute("tabindex");
      }
      if (old && old.nodeName === fresh.nodeName) morph(old, fresh);
      else board.replaceChildren(fresh);
    } else {
      board.replaceChildren();
    }
    parser.innerHTML = "";
    el.dataset.revision = String(model.get("revision"));
    roveBoard();
    if (selectByKey && board.querySelector(".bg-selected")) {
      selectByKey = false;
      const first = ((model.get("focus_order") || {}).targets || [])[0];
      if (first && focusKey(first, false)) return;
    }
    // the focus stays on the same point (a node the update gave another meaning gives it back)
    const now = document.activeElement;
    if (active && !(board.contains(now) && now.matches && now.matches(active))) focusKey(active, true);
  }

  function drawSvg() {
    const frames = model.get("frames");
    // A running "show me" animation already ends on this picture: let it play.
    if (timer && frames.length && model.get("svg") === frames[frames.length - 1]) return;
    if (timer) { clearTimeout(timer); timer = null; }
    showSvg(model.get("svg"));
  }

  function announce(words, kind, force) {
    // Only a change of text is announced: an unchanged text is put in again (cleared first) only when
    // it must be heard again (a refusal repeated, the summary asked for twice).
    if (words === live.text && !force) return;
    live.text = words;
    if (message.textContent === words) {
      message.textContent = "";
      requestAnimationFrame(() => { if (live.text === words) message.textContent = words; });
    } else {
      message.textContent = words;
    }
    if (kind) message.dataset.kind = kind;
  }

  function drawText() {
    status.textContent = model.get("status");
    const revision = model.get("revision");
    const kind = model.get("message_kind");
    const fresh = revision > live.revision;
    live.revision = Math.max(live.revision, revision);
    if (fresh || live.text === null) announce(model.get("message"), kind, fresh && kind === "error");
    message.dataset.kind = kind;
    el.dataset.revision = String(revision);
    if (fresh && kind !== "error" && typed.dataset.sent === "1") { typedInput.value = ""; typed.dataset.sent = ""; }
  }

  function drawDice() {
    dice.replaceChildren();
    for (const d of model.get("dice")) {
      const s = document.createElement("span");
      s.className = "bglearn-die" + (d.used ? " bglearn-die-used" : "");
      s.textContent = String(d.value);
      s.setAttribute("role", "img");
      s.setAttribute("aria-label", d.used ? text(model, "die_used", "{value}, used", { value: d.value })
        : text(model, "die_to_play", "{value}, to play", { value: d.value }));
      dice.append(s);
    }
  }

  function drawWords() {
    el.setAttribute("aria-label", text(model, "board", "Backgammon board"));
    dice.setAttribute("aria-label", text(model, "dice", "Dice"));
    controls.setAttribute("aria-label", text(model, "actions", "Board actions"));
    typedLabel.textContent = text(model, "type_play", "Type a play, e.g. 8/5 6/5");
    help.textContent = text(model, "keys", "Arrow keys move between points; Enter selects and moves.");
  }

  function drawControls() {
    const had = controls.contains(document.activeElement) ? keyOf(document.activeElement) : null;
    const keys = (model.get("texts") || {}).control_keys || {};
    controls.replaceChildren();
    for (const c of model.get("controls")) {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "bglearn-button";
      b.dataset.control = c.id;
      b.textContent = c.label;
      b.disabled = !c.enabled;
      if (c.pressed) b.setAttribute("aria-pressed", "true");
      const key = Object.keys(CONTROL_KEYS).find((k) => CONTROL_KEYS[k] === c.id);
      if (key) b.setAttribute("aria-keyshortcuts", keys[c.id] || key.toUpperCase());
      b.addEventListener("click", () => model.send({ type: "control", id: c.id }));
      controls.append(b);
    }
    roveControls(had && had.match(/data-control="([^"]+)"/) ? had.match(/data-control="([^"]+)"/)[1] : null);
    if (had) focusKey(had, false) || focusKey(null, true); // after Done the focus stays in the board
    const typing = typed.contains(document.activeElement);
    typed.hidden = !model.get("can_type");
    if (typing && typed.hidden) focusKey(null, true); // the field went away: back to the board
  }

  function animate() {
    const frames = model.get("frames");
    if (!frames.length) return;
    if (timer) clearTimeout(timer);
    let i = 0;
    const step = () => {
      showSvg(frames[i]);
      i += 1;
      timer = i < frames.length ? setTimeout(step, model.get("frame_ms")) : null;
    };
    step();
  }

  function send(node) {
    model.send({ type: "click", target: targetOf(node) });
  }

  // -- pointer and keys --------------------------------------------------------------------------------
  board.addEventListener("click", (e) => {
    const node = e.target.closest(TARGET);
    if (node && board.contains(node)) send(node);
  });
  typed.addEventListener("submit", (e) => {
    e.preventDefault();
    const words = typedInput.value.trim();
    if (!words) return;
    typed.dataset.sent = "1";
    model.send({ type: "play_text", text: words });
  });

  function cycle(node, step) {
    const order = model.get("focus_order") || {};
    const list = (board.querySelector(".bg-selected") ? order.targets : order.movable) || [];
    if (!list.length) return;
    const key = keyOf(node);
    const here = list.indexOf(key);
    if (here >= 0) { focusKey(list[(here + step + list.length) % list.length], false); return; }
    // from a point not in the list: the next one in the mover's direction (or back against it)
    const all = order.all || [];
    const from = all.indexOf(key);
    for (let i = 1; from >= 0 && i <= all.length; i++) {
      const k = all[(from + step * i + all.length * i) % all.length];
      if (list.includes(k)) { focusKey(k, false); return; }
    }
    focusKey(list[step > 0 ? 0 : list.length - 1], false);
  }

  function leave() {
    // Back to the notebook: the cell around the board (JupyterLab, Notebook 7), else just blur.
    const cell = el.closest(".jp-Notebook") || el.closest(".jp-Cell");
    if (cell && cell.tabIndex >= -1 && typeof cell.focus === "function") cell.focus({ preventScroll: true });
    if (el.contains(document.activeElement)) document.activeElement.blur();
  }

  el.addEventListener("keydown", (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey || e.key === "Tab" || /^F\d+$/.test(e.key)) return; // JupyterLab's
    const inField = e.target === typedInput;
    if (e.key === "Escape") {
      if (inField) { // back to the board
        e.stopPropagation();
        const home = board.querySelector('[tabindex="0"]');
        if (home) home.focus({ preventScroll: true });
        return;
      }
      leave();
      return; // Escape goes on to JupyterLab (command mode)
    }
    e.stopPropagation(); // every other key is the board's: never the notebook's
    if (inField) return;  // typing a play
    const node = e.target.closest ? e.target.closest(TARGET) : null;
    const onTarget = node && board.contains(node);
    const button = e.target.closest ? e.target.closest("button") : null;
    const k = e.key.length === 1 ? e.key.toLowerCase() : e.key;
    if (onTarget && (e.key === "Enter" || e.key === " ")) {
      e.preventDefault();
      selectByKey = !node.classList.contains("bg-selected") && !board.querySelector(".bg-selected");
      send(node);
    } else if (onTarget && ARROWS[e.key]) {
      e.preventDefault();
      const [dx, dy] = ARROWS[e.key];
      const next = neighbour(targets(), node, dx, dy);
      if (next) next.focus();
    } else if (button && controls.contains(button) && ["ArrowLeft", "ArrowRight", "Home", "End"].includes(e.key)) {
      e.preventDefault();
      const all = [...controls.querySelectorAll("button:not([disabled])")];
      const i = all.indexOf(button);
      const j = e.key === "Home" ? 0 : e.key === "End" ? all.length - 1
        : (i + (e.key === "ArrowRight" ? 1 : -1) + all.length) % all.length;
      if (all[j]) all[j].focus();
    } else if (onTarget && /^[1-6]$/.test(e.key)) {
      e.preventDefault(); // this checker, moved by that die: a select and a move in one key
      model.send({ type: "move_die", target: targetOf(node), die: Number(e.key) });
    } else if (onTarget && (k === "n" || k === "p")) {
      e.preventDefault();
      cycle(node, (k === "p" || e.shiftKey) ? -1 : 1);
    } else if (k === "s" || k === "?") {
      e.preventDefault();
      announce(model.get("summary"), null, true);
    } else if (k === "/") {
      e.preventDefault();
      if (!typed.hidden) typedInput.focus();
    } else if (CONTROL_KEYS[k]) {
      const b = controls.querySelector(`button[data-control="${CONTROL_KEYS[k]}"]`);
      if (b && !b.disabled) { e.preventDefault(); model.send({ type: "control", id: CONTROL_KEYS[k] }); }
    }
  });
  for (const kind of ["keyup", "keypress"]) {
    el.addEventListener(kind, (e) => {
      if (e.ctrlKey || e.metaKey || e.altKey || ["Tab", "Escape"].includes(e.key) || /^F\d+$/.test(e.key)) return;
      e.stopPropagation();
    });
  }
  el.addEventListener("focusin", (e) => {
    const key = keyOf(e.target);
    if (key) lastFocus.set(boardId, { key, at: Date.now() });
    const node = e.target.closest ? e.target.closest(TARGET) : null;
    if (node && board.contains(node) && node.getAttribute("tabindex") !== "0" && targets().includes(node)) {
      rove(targets(), (n) => n === node);
    }
    const button = e.target.closest ? e.target.closest("button") : null;
    if (button && controls.contains(button)) rove([...controls.querySelectorAll("button")], (b) => b === button);
  });
  el.addEventListener("focusout", (e) => {
    // Focus moved somewhere else on the page (not lost with a removed element): forget it.
    if (e.relatedTarget && !el.contains(e.relatedTarget)) lastFocus.delete(boardId);
  });

  // -- the narrow layout: Python redraws for the width the board has -----------------------------------
  let resizeFrame = 0;
  const observer = typeof ResizeObserver === "undefined" ? null : new ResizeObserver(() => {
    cancelAnimationFrame(resizeFrame);
    resizeFrame = requestAnimationFrame(() => {
      const w = el.getBoundingClientRect().width;
      if (!w) return;
      const narrow = w < NARROW_PX;
      if (narrow !== lastNarrow) {
        lastNarrow = narrow;
        if (narrow !== Boolean(model.get("narrow"))) model.send({ type: "layout", narrow });
      }
    });
  });
  if (observer) observer.observe(el);

  const handlers = [
    ["change:svg", drawSvg],
    ["change:status change:message change:message_kind change:revision", drawText],
    ["change:dice", drawDice],
    ["change:texts", () => { drawWords(); drawDice(); }],
    ["change:controls change:can_type", drawControls],
    ["change:focus_order", roveBoard],
    ["change:animate", animate],
  ];
  for (const [ev, fn] of handlers) model.on(ev, fn);

  drawSvg();
  drawWords();
  drawDice();
  drawControls();
  status.textContent = model.get("status");
  el.dataset.revision = String(model.get("revision"));
  message.dataset.kind = model.get("message_kind");
  // The first message is set after the view is in the page, so that screen readers announce it.
  requestAnimationFrame(drawText);
  // A view re-created by a display update gets the keyboard focus back if the old one had it.
  // (The view is put in the page after render() returns: wait for that, up to two seconds.)
  const f = lastFocus.get(boardId);
  if (f && Date.now() - f.at < 5000) {
    const until = Date.now() + 2000;
    const restore = () => {
      if (el.isConnected && focusKey(f.key, true) && el.contains(document.activeElement)) return;
      if (Date.now() < until) requestAnimationFrame(restore);
    };
    requestAnimationFrame(restore);
  }

  return () => {
    if (timer) clearTimeout(timer);
    if (observer) observer.disconnect();
    for (const [ev, fn] of handlers) model.off(ev, fn);
  };
}

export default { render };
