// The acelab card table: draws zones of cards, controls and a status line from the synced
// traits `zones`, `controls`, `status` and `faces`, and sends the learner's gestures to Python
// as {kind, card, zone, seq}. It knows no game rule: Python answers every gesture.
//
// Gestures: click (or Enter/Space) on a card -> "card" (the card is picked up when Python
// highlights it); click (or Enter) on a zone -> "drop" with the picked-up card, else "zone";
// drag a card onto a zone -> "drop"; a button -> "control" (after its confirmation question,
// if it has one); Escape -> "cancel". Guard rails: while Python applies a gesture (`busy`, or
// our own `waiting`) further gestures are dropped, and the second click of a double click on
// the same thing is ignored (a card picked up is not put back by it); a quick click on a new
// thing in the same place (the hot seat's Draw where its pass screen's button was) counts, but
// never on a deliberate button (the pass screen's own, where a double click on Draw would show
// the next player's hand). Each element has a stable data-key, so focus survives a redraw.
//
// Keys (the WAI-ARIA toolbar pattern with a roving tabindex): each zone with something to use
// is one Tab stop (role "toolbar"; its current item has tabindex 0, the others -1): Left/Right
// move within the zone, Home/End to its ends, Up/Down to the previous/next zone; Enter or
// Space picks a card up (or uses a zone or button). While a card picked up by keyboard is
// held, its places to go (the zones that take a drop and the other usable cards: never a
// button) are numbered and the hint line says so: Tab and Shift+Tab move among them only, 1-9
// jump to one, Enter puts the card down, Escape puts it back. So any of the first nine places
// is two presses away (a digit, then Enter). A card picked up by a click gets no numbers and no
// key hint: the mouse player clicks where it goes.
//
// After a question said yes to (New game? Yes), the main button (Draw a card) has the focus:
// New game, Yes, Draw is three presses of Enter.
//
// The focus trap (as a modal toolbar): Tab and Shift+Tab go round the table's own Tab stops
// (its zones, buttons and the status line's buttons) and never run into the next panel of the
// notebook. The way out: Escape, with no card held and no question asked, lets the next Tab
// (or Shift+Tab) leave the table; the hint line says so. Focus that comes back re-arms it.
//
// The wire: each zone arrives in its own trait (`zone_<n>`, listed in order by `zone_slots`),
// so a change to one zone redraws that zone alone.

const ICONS = { info: "ℹ", success: "✔", warning: "⚠", error: "✖" };
const WAIT_LIMIT_MS = 8000;
const ARROWS = ["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End"]; // stop guarding if Python has not answered after this long

function escapeHtml(text) {
  return String(text ?? "").replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function cardHtml(card, faces) {
  const classes = ["acelab-t-card"];
  if (card.sideways) classes.push("acelab-t-sideways");
  if (card.highlighted) classes.push("acelab-t-highlighted");
  if (card.dimmed) classes.push("acelab-t-dimmed");
  if (card.movable) classes.push("acelab-t-movable");
  const face = faces[card.face] ?? faces.back ?? "";
  const movable = card.movable
    ? ` tabindex="-1" role="button" draggable="true" aria-pressed="${card.highlighted}"`
    : ' role="img"';
  const badge = card.badge ? `<span class="acelab-t-badge">${escapeHtml(card.badge)}</span>` : "";
  return (
    `<div class="${classes.join(" ")}" data-key="card:${escapeHtml(card.key)}" ` +
    `data-card="${escapeHtml(card.key)}" aria-label="${escapeHtml(card.label)}" ` +
    `title="${escapeHtml(card.label)}"${movable}>` +
    `<div class="acelab-t-face" aria-hidden="true">${face}</div>${badge}</div>`
  );
}

function zoneHtml(zone, faces) {
  const classes = ["acelab-t-zone", ...String(zone.css || "").split(/\s+/).filter(Boolean)];
  if (zone.droppable) classes.push("acelab-t-droppable");
  if (zone.highlighted) classes.push("acelab-t-zone-highlighted");
  const count =
    zone.count === null || zone.count === undefined
      ? ""
      : ` <span class="acelab-t-count">${escapeHtml(zone.count)}</span>`;
  const active = zone.droppable || zone.clickable;
  const label = active
    ? `<button type="button" class="acelab-t-zone-button" tabindex="-1" ` +
      `data-key="zone:${escapeHtml(zone.key)}" ` +
      `data-zone-button="${escapeHtml(zone.key)}" aria-label="${escapeHtml(zone.spoken)}">` +
      `${escapeHtml(zone.label)}${count}</button>`
    : `<div class="acelab-t-label">${escapeHtml(zone.label)}${count}</div>`;
  const cards = zone.cards.map((card) => cardHtml(card, faces)).join("");
  // art: markup Python built (every text escaped there), drawn above the cards
  const art = zone.art ? `<div class="acelab-t-art">${zone.art}</div>` : "";
  // A zone with no card keeps a card's room (a place to drop, an empty slot) unless its art
  // or its note stands for the cards: then it is compact. css "acelab-t-slot": an empty slot.
  const slot = zone.droppable || classes.includes("acelab-t-slot");
  const compact = !cards && !slot && Boolean(art || zone.note);
  const row = compact ? "" : `<div class="acelab-t-cards">${cards}</div>`;
  const note = zone.note ? `<div class="acelab-t-note">${escapeHtml(zone.note)}</div>` : "";
  const usable = active || zone.cards.some((card) => card.movable);
  return (
    `<div class="${classes.join(" ")}" data-zone="${escapeHtml(zone.key)}" ` +
    `role="${usable ? "toolbar" : "group"}" aria-label="${escapeHtml(zone.spoken)}">${label}` +
    `${art}${row}${note}</div>`
  );
}

function controlsHtml(controls) {
  const groups = [];
  for (const control of controls) {
    const last = groups[groups.length - 1];
    if (last && last.name === control.group) last.items.push(control);
    else groups.push({ name: control.group, items: [control] });
  }
  return groups
    .map(({ name, items }) => {
      const buttons = items
        .map((c) => {
          const pressed = c.pressed === null ? "" : ` aria-pressed="${c.pressed}"`;
          const tip = c.tooltip ? ` title="${escapeHtml(c.tooltip)}"` : "";
          const deliberate = c.deliberate ? ' data-deliberate="true"' : "";
          return (
            `<button type="button" class="acelab-t-control acelab-t-${escapeHtml(c.style)}` +
            `${c.pressed ? " acelab-t-pressed" : ""}" data-key="control:${escapeHtml(c.key)}" ` +
            `data-control="${escapeHtml(c.key)}"${pressed}${tip}${deliberate}` +
            `${c.disabled ? " disabled" : ""}>${escapeHtml(c.label)}</button>`
          );
        })
        .join("");
      const caption = name ? `<span class="acelab-t-group-label">${escapeHtml(name)}</span>` : "";
      const label = name ? ` aria-label="${escapeHtml(name)}"` : "";
      return `<span class="acelab-t-group" role="group"${label}>${caption}${buttons}</span>`;
    })
    .join("");
}

// What tells a node from its siblings across redraws: its data-key (a card, a button), a
// zone's key or a line's number; null for the rest (matched by position among the others).
function identity(node) {
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  if (node.dataset?.key) return node.dataset.key;
  if (node.dataset?.zone !== undefined) return `zone=${node.dataset.zone}`;
  return node.dataset?.lineOf === undefined ? null : `line=${node.dataset.lineOf}`;
}

// Make `old` (on the page) look like `fresh` (just built), keeping every element that stays,
// and the focus with it: attributes copied, children matched by identity (else by position)
// and made alike in turn; an SVG (a card's face, an Enemy's art) is kept when it is the same.
// A redraw so changes what changed only: a card ringed gets a class, not a new element.
// Returns the node now on the page in `old`'s place.
function morph(old, fresh) {
  if (old.nodeType !== fresh.nodeType || old.nodeName !== fresh.nodeName) {
    old.replaceWith(fresh);
    return fresh;
  }
  if (old.nodeType !== Node.ELEMENT_NODE) {
    if (old.nodeValue !== fresh.nodeValue) old.nodeValue = fresh.nodeValue;
    return old;
  }
  if (old.namespaceURI === "http://www.w3.org/2000/svg") {
    if (old.isEqualNode(fresh)) return old;
    old.replaceWith(fresh);
    return fresh;
  }
  for (const { name } of [...old.attributes]) {
    if (!fresh.hasAttribute(name)) old.removeAttribute(name);
  }
  for (const { name, value } of fresh.attributes) {
    if (old.getAttribute(name) !== value) old.setAttribute(name, value);
  }
  const olds = [...old.childNodes];
  const keyed = new Map();
  const loose = [];
  for (const node of olds) {
    const id = identity(node);
    if (id === null) loose.push(node);
    else keyed.set(id, node);
  }
  let next = 0;
  const kept = [...fresh.childNodes].map((node) => {
    const id = identity(node);
    const match = id === null ? loose[next++] : keyed.get(id);
    if (id !== null) keyed.delete(id);
    return match ? morph(match, node) : node;
  });
  const staying = new Set(kept);
  for (const node of olds) if (!staying.has(node) && node.parentNode === old) node.remove();
  kept.forEach((node, at) => {
    if (old.childNodes[at] !== node) old.insertBefore(node, old.childNodes[at] ?? null);
  });
  return old;
}

function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "acelab-table-widget";
  // JupyterLab's shortcuts (Enter: edit the cell, Escape: command mode…) must not take the
  // table's keys: Lumino skips events from inside an element with this attribute.
  root.setAttribute("data-lm-suppress-shortcuts", "true");
  root.innerHTML =
    '<div class="acelab-t-prompt" aria-live="polite"></div>' +
    '<div class="acelab-t-zones"></div>' +
    '<div class="acelab-t-hint" role="status" aria-live="polite"></div><div class="acelab-t-bar">' +
    '<div class="acelab-t-controls"></div><div class="acelab-t-status" aria-live="polite"></div>' +
    "</div>";
  el.appendChild(root);
  const zonesBox = root.querySelector(".acelab-t-zones");
  const controlsBox = root.querySelector(".acelab-t-controls");
  const statusBox = root.querySelector(".acelab-t-status");
  const promptBox = root.querySelector(".acelab-t-prompt");
  const hintBox = root.querySelector(".acelab-t-hint");
  const drawPrompt = () => {
    promptBox.textContent = model.get("prompt") || "";
  };

  let waiting = 0; // the seq sent and not yet settled by Python
  let waitTimer = null;
  let startedAt = 0;
  let held = null; // the key of the card picked up (Python highlights it)
  let asking = null; // the control whose confirmation question is showing
  let focusKey = null; // the element to give focus back to after the redraw
  let focusZone = null; // the zone the focused element was in, for when it is gone
  let byKeys = false; // the card held was picked up by keyboard (numbers and key hints)
  let leaving = false; // Escape was pressed: the next Tab may leave the table
  let toMain = false; // a confirmed question was answered: focus goes to the main button

  const ITEMS = "[data-zone-button], .acelab-t-movable"; // what a zone's arrow keys move among
  const FOCUSABLE = `${ITEMS}, button:not([disabled])`;
  const current = new Map(); // zone key -> the data-key of its one Tab stop
  const zoneEls = new Map(); // zone trait (slot) -> its element

  const activeKey = () => {
    const active = document.activeElement;
    return active && root.contains(active) ? active.dataset.key || null : null;
  };
  const itemsOf = (zone) => [...zone.querySelectorAll(ITEMS)];
  const usableZones = () => [...zonesBox.querySelectorAll("[data-zone]")].filter(
    (zone) => zone.querySelector(ITEMS),
  );
  // The roving tabindex: `key` (or the zone's remembered item, or its first) is the Tab stop.
  function rove(zone, key) {
    const items = itemsOf(zone);
    if (!items.length) return null;
    const wanted = key ?? current.get(zone.dataset.zone);
    const chosen = items.find((item) => item.dataset.key === wanted) || items[0];
    for (const item of items) item.tabIndex = item === chosen ? 0 : -1;
    current.set(zone.dataset.zone, chosen.dataset.key);
    return chosen;
  }
  const moveTo = (target) => {
    const zone = target.closest("[data-zone]");
    if (zone) rove(zone, target.dataset.key);
    target.focus({ preventScroll: false });
  };
  const refocus = (key) => {
    if (!key) return;
    let target = root.querySelector(`[data-key="${CSS.escape(key)}"]`);
    if (!target || target.disabled || !target.matches(FOCUSABLE)) {
      // the card moved where it cannot be used (into the row): stay near where it was, else
      // go to the first usable card (the hand, most often), else to the first zone, else to
      // the main button (New game at the end of a game), else to the first button
      const zone = focusZone && root.querySelector(`[data-zone="${CSS.escape(focusZone)}"]`);
      target = (zone && rove(zone)) || root.querySelector(".acelab-t-movable[tabindex='0']") ||
        root.querySelector("[data-zone] [tabindex='0']") ||
        controlsBox.querySelector(".acelab-t-primary:not([disabled])") ||
        root.querySelector(FOCUSABLE);
    }
    if (!target) return;
    const zone = target.closest("[data-zone]");
    if (zone) rove(zone, target.dataset.key);
    if (document.activeElement !== target) target.focus({ preventScroll: true });
  };
  const redraw = (draw) => {
    const key = activeKey();
    if (key) focusZone = document.activeElement.closest("[data-zone]")?.dataset.zone || null;
    draw();
    refocus(key);
  };

  // While a card is held: where it can go (drop zones, other usable cards; never a button).
  function targets() {
    if (!held) return [];
    const heldZone = zonesBox.querySelector(`[data-card="${CSS.escape(held)}"]`)?.closest(
      "[data-zone]",
    );
    const ringed = (button) => button.closest(".acelab-t-zone-highlighted") ? 0 : 1;
    const drops = [...zonesBox.querySelectorAll(".acelab-t-droppable [data-zone-button]")];
    drops.sort((a, b) => ringed(a) - ringed(b));
    const cards = [...zonesBox.querySelectorAll(".acelab-t-movable")].filter(
      (card) => card.closest("[data-zone]") !== heldZone,
    );
    return [...drops, ...cards];
  }

  // The table's Tab stops, in order: each zone's one stop, then the buttons.
  const tabStops = () => [...root.querySelectorAll(FOCUSABLE)].filter(
    (item) => item.tabIndex >= 0 && !item.disabled && item.getClientRects().length > 0,
  );

  // What is held with `card`, in words: every ringed usable card of its zone (several sixes
  // picked up at once, the cards chosen for a Hand) -> ["the 6 of spades and the 6 of clubs",
  // "them"], or ["the 6 of clubs", "it"].
  function heldWords(card) {
    const ringed = [...card.closest("[data-zone]").querySelectorAll(
      ".acelab-t-movable.acelab-t-highlighted",
    )];
    const names = (ringed.includes(card) ? ringed : [card]).map(
      (c) => `the ${c.getAttribute("aria-label")}`,
    );
    const last = names.pop();
    return names.length ? [`${names.join(", ")} and ${last}`, "them"] : [last, "it"];
  }

  function markHeld() {
    const heldCard = held && zonesBox.querySelector(
      `[data-card="${CSS.escape(held)}"].acelab-t-highlighted`,
    );
    if (!heldCard) held = null;
    root.classList.toggle("acelab-t-holding", Boolean(held));
    for (const old of root.querySelectorAll("[data-target]")) old.removeAttribute("data-target");
    const places = held && byKeys ? targets() : [];
    places.slice(0, 9).forEach((place, n) => place.setAttribute("data-target", String(n + 1)));
    const [what, it] = held && byKeys ? heldWords(heldCard) : ["", ""];
    const text = leaving
      ? "Tab now leaves the card table."
      : !held || !byKeys
        ? ""
        : places.length
          ? `Holding ${what}: Tab or 1` +
            `${places.length > 1 ? `–${Math.min(places.length, 9)}` : ""} goes to a place for ` +
            `${it}, Enter puts ${it} down, Escape puts ${it} back.`
          : `Holding ${what}: Tab goes to the buttons, Escape puts ${it} back.`;
    if (hintBox.textContent !== text) hintBox.textContent = text;
  }

  function zoneElement(slot) {
    const zone = model.get(slot);
    if (!zone) return null;
    const holder = document.createElement("div");
    holder.innerHTML = zoneHtml(zone, model.get("faces"));
    const element = holder.firstElementChild;
    element.dataset.line = String(zone.line);
    return element;
  }

  // Every zone, line by line (what stays on the table is kept: see morph).
  function drawZones() {
    const lines = new Map();
    const keys = new Map(); // slot -> its zone's key
    for (const slot of model.get("zone_slots")) {
      const element = zoneElement(slot);
      if (!element) continue;
      keys.set(slot, element.dataset.zone);
      const line = Number(element.dataset.line);
      if (!lines.has(line)) {
        lines.set(line, document.createElement("div"));
        lines.get(line).className = "acelab-t-line";
        lines.get(line).dataset.lineOf = String(line);
      }
      lines.get(line).appendChild(element);
    }
    const fresh = zonesBox.cloneNode(false);
    const order = [...lines.keys()].sort((a, b) => a - b);
    fresh.replaceChildren(...order.map((line) => lines.get(line)));
    morph(zonesBox, fresh);
    zoneEls.clear();
    for (const [slot, key] of keys) {
      const element = zonesBox.querySelector(`[data-zone="${CSS.escape(key)}"]`);
      zoneEls.set(slot, element);
      rove(element);
    }
  }

  // One zone changed: redraw it alone (all of them when it moved to another line).
  function drawZone(slot) {
    const old = zoneEls.get(slot);
    const element = zoneElement(slot);
    if (!old || !element || !old.isConnected || old.dataset.line !== element.dataset.line) {
      return drawZones();
    }
    const drawn = morph(old, element);
    zoneEls.set(slot, drawn);
    rove(drawn);
  }

  // Python's answer changes several traits at once: draw them once, after the last one.
  const dirty = new Set();
  let relayout = false;
  let controlsDirty = false;
  let statusDirty = false;
  let flushing = false;
  function flush() {
    const began = performance.now();
    flushing = false;
    const slots = [...dirty];
    const [all, controls, status] = [relayout, controlsDirty, statusDirty];
    dirty.clear();
    relayout = controlsDirty = statusDirty = false;
    redraw(() => {
      if (all) drawZones();
      else slots.forEach(drawZone);
      if (controls) drawControls();
      // its button may be one of the controls (or a question about one)
      if (controls || status) drawStatus();
      markHeld(); // once the zones, the buttons and the status (its button too) are drawn
    });
    root.dataset.drawMs = (performance.now() - began).toFixed(1); // the last redraw's own time
  }
  function changed(slot) {
    if (slot === "controls") controlsDirty = true;
    else if (slot === "status") statusDirty = true;
    else if (slot) dirty.add(slot);
    else relayout = true;
    if (!flushing) {
      flushing = true;
      queueMicrotask(flush);
    }
  }
  const listened = new Map(); // slot -> its change handler
  function listenToZones() {
    for (const slot of model.get("zone_slots")) {
      if (listened.has(slot)) continue;
      const handler = () => changed(slot);
      listened.set(slot, handler);
      model.on(`change:${slot}`, handler);
    }
  }

  function drawControls() {
    const fresh = controlsBox.cloneNode(false);
    fresh.innerHTML = controlsHtml(model.get("controls"));
    morph(controlsBox, fresh); // a button that stays keeps the focus
  }

  function drawStatus() {
    if (asking) return drawQuestion();
    const { text, kind, action } = model.get("status");
    statusBox.className = `acelab-t-status acelab-t-status-${kind || "info"}`;
    statusBox.setAttribute("role", kind === "error" || kind === "warning" ? "alert" : "status");
    // the button of the control the sentence is about (advice: "…: use it?"), beside it
    const control = action && model.get("controls").find((c) => c.key === action && !c.disabled);
    const button = control
      ? ` <button type="button" class="acelab-t-control acelab-t-primary" ` +
        `data-key="status:${escapeHtml(control.key)}" data-control="${escapeHtml(control.key)}">` +
        `${escapeHtml(control.label)}</button>`
      : "";
    statusBox.innerHTML = text
      ? `<span aria-hidden="true">${ICONS[kind] || ""}</span> ${escapeHtml(text)}${button}`
      : "";
  }

  function drawQuestion() {
    const control = model.get("controls").find((c) => c.key === asking);
    if (!control) {
      asking = null;
      return drawStatus();
    }
    statusBox.className = "acelab-t-status acelab-t-status-warning acelab-t-asking";
    statusBox.setAttribute("role", "alert");
    statusBox.innerHTML =
      `<span>${escapeHtml(control.confirm)}</span> ` +
      '<button type="button" class="acelab-t-control acelab-t-primary" data-key="ask:yes" ' +
      'data-answer="yes">Yes</button>' +
      '<button type="button" class="acelab-t-control" data-key="ask:no" data-answer="no">' +
      "No</button>";
  }

  function settle() {
    root.dataset.answerMs = String(Math.round(performance.now() - startedAt)); // Python's answer
    waiting = 0;
    clearTimeout(waitTimer);
    root.dataset.busy = "false";
    // After this frame every trait of Python's answer has been drawn (the settled mark can
    // arrive before the zones that highlight the card picked up), so look at the card then.
    requestAnimationFrame(() => {
      markHeld();
      root.dataset.settled = String(model.get("settled"));
      root.dataset.lastMs = String(Math.round(performance.now() - startedAt));
      // give focus back only if the learner has not gone on elsewhere (another panel)
      const away = document.activeElement;
      // after a question said yes to (New game), the main button (Draw a card) has the keys
      const main = toMain && controlsBox.querySelector(".acelab-t-primary:not([disabled])");
      toMain = false;
      if (!away || away === document.body || root.contains(away)) {
        refocus(main ? main.dataset.key : focusKey);
      }
    });
  }

  // Send one gesture unless the previous one is still being applied (the guard rail).
  function send(gesture) {
    if (waiting || model.get("busy")) return false;
    waiting = Math.max(model.get("settled"), Number(root.dataset.sent || 0)) + 1;
    root.dataset.sent = String(waiting);
    root.dataset.busy = "true";
    startedAt = performance.now();
    focusKey = activeKey();
    focusZone = document.activeElement?.closest?.("[data-zone]")?.dataset.zone || null;
    waitTimer = setTimeout(() => {
      waiting = 0; // Python did not answer: let the learner try again
      root.dataset.busy = "false";
    }, WAIT_LIMIT_MS);
    model.send({ card: null, zone: null, ...gesture, seq: waiting });
    return true;
  }

  function pickCard(key, keys) {
    if (send({ kind: "card", card: key })) {
      held = key;
      byKeys = keys;
    }
  }

  function useZone(key) {
    if (held) send({ kind: "drop", card: held, zone: key });
    else send({ kind: "zone", zone: key });
  }

  function useControl(key, element) {
    const control = model.get("controls").find((c) => c.key === key);
    if (!control || control.disabled) return;
    if (control.confirm) {
      asking = key;
      focusKey = `control:${key}`;
      drawQuestion();
      statusBox.querySelector("[data-answer='yes']").focus({ preventScroll: true });
      return;
    }
    if (element) element.focus({ preventScroll: true });
    send({ kind: "control", zone: key });
  }

  function answer(yes) {
    const key = asking;
    asking = null;
    drawStatus();
    refocus(`control:${key}`);
    if (yes) toMain = send({ kind: "control", zone: key, confirmed: true });
  }

  let lastClicked = null; // the data-key of what the last click landed on

  function onClick(event) {
    const target = event.target;
    const hit = target.closest?.("[data-key]");
    const key = hit ? hit.dataset.key : null;
    const again = key === lastClicked;
    lastClicked = key;
    // the second click of a double click: on the same thing, or on a deliberate button
    if (event.detail > 1 && (again || hit?.dataset.deliberate === "true")) return;
    const reply = target.closest("[data-answer]");
    if (reply) return answer(reply.dataset.answer === "yes");
    const control = target.closest("[data-control]");
    if (control) return useControl(control.dataset.control, control);
    const card = target.closest(".acelab-t-movable");
    if (card) {
      card.focus({ preventScroll: true });
      return pickCard(card.dataset.card, false);
    }
    const zone = target.closest("[data-zone]");
    if (zone && (zone.classList.contains("acelab-t-droppable") || zone.querySelector("[data-zone-button]"))) {
      return useZone(zone.dataset.zone);
    }
  }

  function onKey(event) {
    const target = event.target;
    if (leaving && !["Tab", "Escape", "Shift"].includes(event.key)) {
      leaving = false; // any other key: the trap holds again
      markHeld();
    }
    if (event.key === "Escape") {
      if (asking) return answer(false);
      if (held) {
        const key = held;
        held = null;
        markHeld();
        const card = zonesBox.querySelector(`[data-card="${CSS.escape(key)}"]`);
        if (card) moveTo(card); // back to the card put back
        send({ kind: "cancel", card: key });
      } else {
        leaving = true; // the way out of the focus trap: the next Tab leaves the table
        markHeld();
      }
      return;
    }
    if (held && byKeys && !asking && (event.key === "Tab" || /^[1-9]$/.test(event.key))) {
      const places = targets();
      if (places.length) {
        event.preventDefault();
        const at = places.indexOf(target);
        const step = event.shiftKey ? -1 : 1;
        const next = event.key !== "Tab"
          ? places[Number(event.key) - 1]
          : at < 0
            ? places[step > 0 ? 0 : places.length - 1]
            : places[(at + step + places.length) % places.length];
        if (next) moveTo(next);
        return;
      }
      // A card only buttons use (chosen for a Hand): Tab from it goes to the first button
      // (Play Hand), unnumbered; the next Tabs go on through the others.
      if (event.key === "Tab" && !event.shiftKey && target.closest("[data-zone]")) {
        const button = controlsBox.querySelector("button:not([disabled])") ||
          statusBox.querySelector("button:not([disabled])");
        if (button) {
          event.preventDefault();
          button.focus({ preventScroll: false });
          return;
        }
      }
    }
    if (event.key === "Tab") return trapTab(event);
    const zone = target.closest?.("[data-zone]");
    if (zone && target.matches(ITEMS) && ARROWS.includes(event.key)) {
      event.preventDefault();
      const items = itemsOf(zone);
      const at = items.indexOf(target);
      const zones = usableZones();
      const other = zones[zones.indexOf(zone) + (event.key === "ArrowUp" ? -1 : 1)];
      const next = {
        ArrowLeft: items[Math.max(at - 1, 0)],
        ArrowRight: items[Math.min(at + 1, items.length - 1)],
        Home: items[0],
        End: items[items.length - 1],
        ArrowUp: other && rove(other),
        ArrowDown: other && rove(other),
      }[event.key];
      if (next) moveTo(next);
      return;
    }
    if (event.key !== "Enter" && event.key !== " ") return;
    const card = target.closest(".acelab-t-movable");
    if (card && target === card) {
      event.preventDefault();
      return pickCard(card.dataset.card, true);
    }
    // Buttons (zones, controls, answers) get their click from the browser on Enter and Space.
  }

  // Tab from the last stop goes round to the first (Shift+Tab the other way), unless Escape
  // opened the way out.
  function trapTab(event) {
    const stops = tabStops();
    if (!stops.length) return;
    if (leaving) {
      // from the table's last stop (first, going back) the browser's Tab goes on out of it
      const edge = stops[event.shiftKey ? 0 : stops.length - 1];
      if (document.activeElement !== edge) edge.focus({ preventScroll: true });
      return;
    }
    const at = stops.indexOf(document.activeElement);
    const last = event.shiftKey ? 0 : stops.length - 1;
    if (at !== -1 && at !== last) return; // the browser's own Tab, within the table
    event.preventDefault();
    const next = stops[event.shiftKey ? stops.length - 1 : 0]; // round to the other end
    if (next.closest("[data-zone]")) moveTo(next);
    else next.focus({ preventScroll: false });
  }

  // Focus that leaves the table closes the way out (coming back re-arms the trap).
  function onFocusOut(event) {
    if (!leaving || (event.relatedTarget && root.contains(event.relatedTarget))) return;
    leaving = false;
    markHeld();
  }

  // Focus given by a click or by Tab makes that item its zone's Tab stop.
  function onFocusIn(event) {
    const zone = event.target.closest?.("[data-zone]");
    if (zone && event.target.matches(ITEMS)) rove(zone, event.target.dataset.key);
  }

  function onDragStart(event) {
    const card = event.target.closest?.(".acelab-t-movable");
    if (!card) return;
    event.dataTransfer.setData("text/plain", card.dataset.card);
    event.dataTransfer.effectAllowed = "move";
    root.classList.add("acelab-t-dragging");
  }

  function onDragOver(event) {
    const zone = event.target.closest?.(".acelab-t-droppable");
    if (!zone) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = "move";
    zone.classList.add("acelab-t-over");
  }

  function onDragLeave(event) {
    const zone = event.target.closest?.(".acelab-t-droppable");
    if (zone && !zone.contains(event.relatedTarget)) zone.classList.remove("acelab-t-over");
  }

  function onDrop(event) {
    const zone = event.target.closest?.(".acelab-t-droppable");
    root.classList.remove("acelab-t-dragging");
    if (!zone) return;
    event.preventDefault();
    zone.classList.remove("acelab-t-over");
    const card = event.dataTransfer.getData("text/plain");
    if (card) send({ kind: "drop", card, zone: zone.dataset.zone });
  }

  function onDragEnd() {
    root.classList.remove("acelab-t-dragging");
    for (const zone of root.querySelectorAll(".acelab-t-over")) zone.classList.remove("acelab-t-over");
  }

  const listeners = [
    ["click", onClick],
    ["keydown", onKey],
    ["focusin", onFocusIn],
    ["focusout", onFocusOut],
    ["dragstart", onDragStart],
    ["dragover", onDragOver],
    ["dragleave", onDragLeave],
    ["drop", onDrop],
    ["dragend", onDragEnd],
  ];
  for (const [name, handler] of listeners) root.addEventListener(name, handler);

  const applyScale = () => root.style.setProperty("--acelab-scale", String(model.get("scale")));
  const onLayout = () => {
    listenToZones();
    changed(null);
  };
  const onFaces = () => changed(null);
  const onControls = () => changed("controls");
  const onStatus = () => changed("status");
  const onSettled = () => {
    if (waiting && model.get("settled") >= waiting) settle();
    else requestAnimationFrame(() => { root.dataset.settled = String(model.get("settled")); });
  };
  const onBusy = () => { root.dataset.busy = String(Boolean(model.get("busy") || waiting)); };
  const traits = [
    ["change:zone_slots", onLayout],
    ["change:faces", onFaces],
    ["change:controls", onControls],
    ["change:status", onStatus],
    ["change:prompt", drawPrompt],
    ["change:settled", onSettled],
    ["change:busy", onBusy],
    ["change:scale", applyScale],
  ];
  for (const [name, handler] of traits) model.on(name, handler);

  applyScale();
  drawPrompt();
  listenToZones();
  drawZones();
  drawControls();
  drawStatus();
  root.dataset.settled = String(model.get("settled"));
  root.dataset.busy = "false";

  return () => {
    clearTimeout(waitTimer);
    for (const [name, handler] of traits) model.off(name, handler);
    for (const [slot, handler] of listened) model.off(`change:${slot}`, handler);
    for (const [name, handler] of listeners) root.removeEventListener(name, handler);
  };
}

export default { render };
