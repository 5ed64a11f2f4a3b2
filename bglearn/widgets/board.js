// bglearn BoardWidget — the browser side (an anywidget ES module, no build step).
// It draws what Python sends (the SVG, the message, the buttons) and reports clicks, keys and button
// presses back. It decides nothing about the rules: Python does.

const TARGET = "[data-point],[data-bar],[data-off]";
const lastFocus = new WeakMap(); // model -> {key, at}: restore keyboard focus after a redraw/re-render

function targetOf(node) {
  if (node.hasAttribute("data-point")) return { point: Number(node.getAttribute("data-point")) };
  if (node.hasAttribute("data-bar")) return { bar: node.getAttribute("data-bar") };
  return { off: node.getAttribute("data-off") };
}

function keyOf(node) {
  for (const a of ["data-point", "data-bar", "data-off"]) {
    if (node.hasAttribute(a)) return `[${a}="${node.getAttribute(a)}"]`;
  }
  return null;
}

function render({ model, el }) {
  el.classList.add("bglearn-board");
  const status = document.createElement("div");
  status.className = "bglearn-status";
  const dice = document.createElement("div");
  dice.className = "bglearn-dice";
  dice.setAttribute("aria-label", "dice");
  const board = document.createElement("div");
  board.className = "bglearn-svg";
  const message = document.createElement("div");
  message.className = "bglearn-message";
  message.setAttribute("role", "status");
  message.setAttribute("aria-live", "polite");
  const controls = document.createElement("div");
  controls.className = "bglearn-controls";
  el.append(status, dice, board, controls, message);

  let timer = null;
  let focusKey = null;

  function restoreFocus(key) {
    if (!key) return;
    const node = board.querySelector(key);
    if (node) node.focus({ preventScroll: true });
  }

  function showSvg(text) {
    const hadFocus = board.contains(document.activeElement) ? keyOf(document.activeElement) : null;
    board.innerHTML = text;
    el.dataset.revision = String(model.get("revision"));
    restoreFocus(hadFocus);
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
    message.textContent = model.get("message");
    message.dataset.kind = model.get("message_kind");
    el.dataset.revision = String(model.get("revision"));
  }

  function drawDice() {
    dice.replaceChildren();
    for (const d of model.get("dice")) {
      const s = document.createElement("span");
      s.className = "bglearn-die" + (d.used ? " bglearn-die-used" : "");
      s.textContent = String(d.value);
      s.title = d.used ? `${d.value} (used)` : `${d.value} (to play)`;
      dice.append(s);
    }
  }

  function drawControls() {
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
  board.addEventListener("keydown", (e) => {
    if (e.key !== "Enter" && e.key !== " ") return;
    const node = e.target.closest ? e.target.closest(TARGET) : null;
    if (!node || !board.contains(node)) return;
    e.preventDefault();
    e.stopPropagation(); // keep Enter from reaching the notebook (edit mode / run cell)
    send(node);
  });
  board.addEventListener("focusin", (e) => {
    const node = e.target.closest ? e.target.closest(TARGET) : null;
    if (node) lastFocus.set(model, { key: keyOf(node), at: Date.now() });
  });

  const handlers = [
    ["change:svg", drawSvg],
    ["change:status change:message change:message_kind change:revision", drawText],
    ["change:dice", drawDice],
    ["change:controls", drawControls],
    ["change:animate", animate],
  ];
  for (const [ev, fn] of handlers) model.on(ev, fn);

  drawSvg();
  drawText();
  drawDice();
  drawControls();
  // A view re-created by a display update gets the keyboard focus back if the old one had it.
  const f = lastFocus.get(model);
  if (f && Date.now() - f.at < 5000) requestAnimationFrame(() => restoreFocus(f.key));

  return () => {
    if (timer) clearTimeout(timer);
    for (const [ev, fn] of handlers) model.off(ev, fn);
  };
}

export default { render };
