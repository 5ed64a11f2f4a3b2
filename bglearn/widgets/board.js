// bglearn BoardWidget — the browser side (an anywidget ES module, no build step).
// It draws what Python sends (the SVG, the message, the buttons) and reports clicks, keys and button
// presses back. It decides nothing about the rules: Python does.
//
// Keyboard: Tab reaches the board's points, bars and trays and the buttons; the arrow keys move
// between points as they lie on the screen; Enter or Space selects / moves. Every key pressed inside
// the board stays inside it (the notebook never sees it), except Tab and Escape, which leave it.
// The message under the board is an ARIA live region: selections, legal destinations and verdicts
// are announced.

const TARGET = "[data-point],[data-bar],[data-off]";
const LEAVE_KEYS = new Set(["Tab", "Escape"]);
const ARROWS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
// board id -> {key, at}: give the focus back to a view re-created by a display update (each view gets
// its own model proxy, so the board's id, not the model object, names the board)
const lastFocus = new Map();

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

// The words this file shows come from Python (the `texts` trait), so they are translated there.
function text(model, key, fallback, values = {}) {
  const t = (model.get("texts") || {})[key] || fallback;
  return t.replace(/\{(\w+)\}/g, (m, name) => (name in values ? String(values[name]) : m));
}

function render({ model, el }) {
  el.classList.add("bglearn-board");
  el.setAttribute("role", "group");
  el.setAttribute("aria-label", text(model, "board", "Backgammon board"));
  el.setAttribute("data-lm-suppress-shortcuts", "true"); // JupyterLab: no notebook shortcuts in here
  const status = document.createElement("div");
  status.className = "bglearn-status";
  const dice = document.createElement("div");
  dice.className = "bglearn-dice";
  dice.setAttribute("role", "group");
  dice.setAttribute("aria-label", text(model, "dice", "Dice"));
  const board = document.createElement("div");
  board.className = "bglearn-svg";
  const controls = document.createElement("div");
  controls.className = "bglearn-controls";
  const message = document.createElement("div");
  message.className = "bglearn-message";
  message.setAttribute("role", "status");
  message.setAttribute("aria-live", "polite");
  message.setAttribute("aria-atomic", "true");
  el.append(status, dice, board, controls, message);

  let timer = null;

  function focusKey(key, fallback) {
    const node = key ? el.querySelector(key) : null;
    if (node && !node.disabled) { node.focus({ preventScroll: true }); return true; }
    if (fallback) {
      const first = controls.querySelector("button:not([disabled])") || board.querySelector(TARGET);
      if (first) { first.focus({ preventScroll: true }); return true; }
    }
    return false;
  }

  function showSvg(text) {
    const had = board.contains(document.activeElement) ? keyOf(document.activeElement) : null;
    board.innerHTML = text;
    const svg = board.querySelector("svg");
    if (svg) svg.removeAttribute("height"); // the box scales with the width available
    el.dataset.revision = String(model.get("revision"));
    if (had) focusKey(had, true);
  }

  function drawSvg() {
    const frames = model.get("frames");
    // A running "show me" animation already ends on this picture: let it play.
    if (timer && frames.length && model.get("svg") === frames[frames.length - 1]) return;
    if (timer) { clearTimeout(timer); timer = null; }
    showSvg(model.get("svg"));
  }

  function drawText() {
    status.textContent = model.get("status");
    const kind = model.get("message_kind");
    message.textContent = model.get("message");
    message.dataset.kind = kind;
    el.dataset.revision = String(model.get("revision"));
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

  function drawControls() {
    const had = controls.contains(document.activeElement) ? keyOf(document.activeElement) : null;
    controls.replaceChildren();
    for (const c of model.get("controls")) {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "bglearn-button";
      b.dataset.control = c.id;
      b.textContent = c.label;
      b.disabled = !c.enabled;
      if (c.pressed) b.setAttribute("aria-pressed", "true");
      b.addEventListener("click", () => model.send({ type: "control", id: c.id }));
      controls.append(b);
    }
    if (had) focusKey(had, true); // after Done the focus goes to the next button, never to the page
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

  board.addEventListener("click", (e) => {
    const node = e.target.closest(TARGET);
    if (node && board.contains(node)) send(node);
  });
  el.addEventListener("keydown", (e) => {
    if (LEAVE_KEYS.has(e.key)) return; // the ways out of the board
    e.stopPropagation(); // arrows, Enter, "d d", "a", "b"...: never the notebook's
    const node = e.target.closest ? e.target.closest(TARGET) : null;
    if (!node || !board.contains(node)) return; // buttons handle Enter and Space themselves
    if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      send(node);
    } else if (ARROWS[e.key]) {
      e.preventDefault();
      const [dx, dy] = ARROWS[e.key];
      const next = neighbour([...board.querySelectorAll(TARGET)], node, dx, dy);
      if (next) next.focus();
    }
  });
  for (const kind of ["keyup", "keypress"]) {
    el.addEventListener(kind, (e) => { if (!LEAVE_KEYS.has(e.key)) e.stopPropagation(); });
  }
  el.addEventListener("focusin", (e) => {
    const key = keyOf(e.target);
    if (key) lastFocus.set(model.get("board_id"), { key, at: Date.now() });
  });
  el.addEventListener("focusout", (e) => {
    // Focus moved somewhere else on the page (not lost with a removed element): forget it.
    if (e.relatedTarget && !el.contains(e.relatedTarget)) lastFocus.delete(model.get("board_id"));
  });

  const handlers = [
    ["change:svg", drawSvg],
    ["change:status change:message change:message_kind change:revision", drawText],
    ["change:dice", drawDice],
    ["change:texts", () => {
      el.setAttribute("aria-label", text(model, "board", "Backgammon board"));
      dice.setAttribute("aria-label", text(model, "dice", "Dice"));
      drawDice();
    }],
    ["change:controls", drawControls],
    ["change:animate", animate],
  ];
  for (const [ev, fn] of handlers) model.on(ev, fn);

  drawSvg();
  drawDice();
  drawControls();
  // The message is set after the view is in the page, so that screen readers announce it.
  requestAnimationFrame(drawText);
  status.textContent = model.get("status");
  // A view re-created by a display update gets the keyboard focus back if the old one had it.
  // (The view is put in the page after render() returns: wait for that, up to two seconds.)
  const f = lastFocus.get(model.get("board_id"));
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
    for (const [ev, fn] of handlers) model.off(ev, fn);
  };
}

export default { render };
