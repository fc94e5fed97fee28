"""The browser's side of every click in a furlib app: the double-click guard, busy groups, "Working...", focus.

:mod:`furlib.core.app.buttons` builds its two widgets (:class:`~furlib.core.app.buttons.ActionButton` and
:class:`~furlib.core.app.buttons.ClickableHTML`) on the JavaScript here, :data:`BUSY_JS`. It does four things
in the page:

* one guard per page, for every control of every app: the second press of a double click (on the same spot,
  within 8 px, less than :data:`DOUBLE_CLICK_MS` after the first) is dropped before any control sees its
  click, whatever lies under the pointer by then (a redraw may have moved another control there);
* a click sets "busy" on every widget of the same group (a window event), until the kernel answers ("done")
  or the version changes; after :data:`WORKING_MS` of waiting the app says "Working..." in its message box;
* after the kernel answers, the keyboard focus stays in the app (the group's first enabled control gets it
  if the clicked one was hidden or disabled by the redraw);
* a part of an app with the class ``furlib-keep-height`` never shrinks while it keeps its width, so what
  lies below it stays where it was when a move shows less.

This module is text only: it imports nothing.
"""

from __future__ import annotations

__all__ = ["BUSY_JS", "DOUBLE_CLICK_MS", "WORKING_MS"]

#: A second click on the same spot (within 8 px) within this many milliseconds of a click in the same
#: app is the second half of a double click (a person's second click lands 120-400 ms later, on the
#: button drawn after the first): it is ignored, whatever it lands on, these widgets or any other
#: control of the app (a checkbox, a toggle button). So is a click whose ``detail`` (the browser's
#: click count) is 2 or more.
DOUBLE_CLICK_MS = 500

#: A click whose answer takes longer than this many milliseconds shows "Working..." in the app's message box.
WORKING_MS = 500

# Shared by both widgets: a click sets "busy" on every view of the same group
# (a window event), until the kernel answers ("done") or the version changes.
# A click on the spot of the group's last click, less than DOUBLE_CLICK_MS
# after it, is ignored (one intent, one move: the second click of a double
# click would land on the button drawn after the first). After the kernel answers, keyboard
# focus stays in the app: if the clicked element was hidden or disabled by
# the redraw, the group's first enabled control gets the focus.
BUSY_JS = r"""
const DOUBLE_CLICK_MS = %d;
const WORKING_MS = %d;
const clicks = (window.__furlibClicks = window.__furlibClicks || {});
// One guard per page, for every control of every app (a checkbox, a toggle, a slider's field as much as these
// widgets): a press on the spot of the app's last press (within 8 px), less than DOUBLE_CLICK_MS after it, is the
// second half of a double click, and the click it makes is dropped before any control sees it, whatever lies
// under the pointer now (a redraw may have moved another control there). Keyboard clicks have no press: they
// always pass.
if (!window.__furlibGuard) {
  window.__furlibGuard = true;
  const presses = new WeakMap();
  let drop = null;
  const appOf = (target) => (target && target.closest ? target.closest(".furlib-app") : null);
  window.addEventListener("pointerdown", (event) => {
    const app = appOf(event.target);
    if (!app || !event.isPrimary) return;
    const now = performance.now();
    const last = presses.get(app);
    presses.set(app, { time: now, x: event.clientX, y: event.clientY });
    drop = last && now - last.time < DOUBLE_CLICK_MS && Math.abs(event.clientX - last.x) <= 8
      && Math.abs(event.clientY - last.y) <= 8 ? { app: app, time: now } : null;
  }, true);
  window.addEventListener("click", (event) => {
    const app = appOf(event.target);
    if (!app) return;
    const second = drop && drop.app === app && performance.now() - drop.time < 2 * DOUBLE_CLICK_MS;
    if (second || event.detail > 1) {
      drop = null;
      event.preventDefault();            // a checkbox or a toggle keeps its state
      event.stopImmediatePropagation();  // and no control's own handler runs
    }
  }, true);
  // Work over half a second says so: 500 ms after a click leaves (the group is busy) and until the kernel has
  // answered, the app has the class "furlib-working", and its message box shows "Working..." at its bottom
  // (APP_CSS in furlib/core/app/app_helpers.py), next to the button clicked.
  const working = {};
  const appsOf = (group) => new Set([...document.querySelectorAll('[data-furlib-group="' + group + '"]')]
    .map((h) => h.closest(".furlib-app")).filter((a) => a));
  window.addEventListener("furlib-busy", (event) => {
    const group = event.detail;
    clearTimeout(working[group]);
    working[group] = setTimeout(() => { for (const a of appsOf(group)) a.classList.add("furlib-working"); },
                                WORKING_MS);
  });
  window.addEventListener("furlib-free", (event) => {
    const group = event.detail;
    clearTimeout(working[group]);
    delete working[group];
    for (const a of appsOf(group)) a.classList.remove("furlib-working");
  });
  // A part of an app with the class "furlib-keep-height" never shrinks while it keeps its width: what lies
  // below it stays where it was when a move shows less (fewer buttons, a shorter log); it moves only when that
  // part grows past its tallest so far. A new width (a phone turned, a window resized) starts over.
  const keep = (el) => {
    const r = el.getBoundingClientRect();
    const w = Math.round(r.width);
    if (!w) return;                                     // not shown: measured again when it is
    if (el.__furlibWidth !== w) { el.__furlibWidth = w; el.__furlibTallest = 0; el.style.minHeight = ""; }
    const h = Math.ceil(el.getBoundingClientRect().height);
    if (h > el.__furlibTallest) { el.__furlibTallest = h; el.style.minHeight = h + "px"; }
  };
  if (typeof ResizeObserver !== "undefined" && typeof MutationObserver !== "undefined") {
    const sizes = new ResizeObserver((entries) => { for (const e of entries) keep(e.target); });
    const watched = new WeakSet();
    const scan = () => {
      for (const el of document.querySelectorAll(".furlib-keep-height")) {
        if (!watched.has(el)) { watched.add(el); sizes.observe(el); }
        keep(el);
      }
    };
    new MutationObserver(scan).observe(document.documentElement, { childList: true, subtree: true });
    scan();
  }
}
function busyChannel(model, setBusy, host) {
  const group = model.get("group");
  const onBusy = (event) => { if (group && event.detail === group) setBusy(true); };
  const onFree = (event) => { if (group && event.detail === group) setBusy(false); };
  window.addEventListener("furlib-busy", onBusy);
  window.addEventListener("furlib-free", onFree);
  if (group) host.dataset.furlibGroup = group;
  function keepFocus() {
    const last = clicks[group];
    if (!group || !last || last.focusKept) return;
    last.focusKept = true;
    requestAnimationFrame(() => {
      const now = document.activeElement;
      if (now && now !== document.body && now.isConnected && now.offsetParent !== null && !now.disabled) return;
      const hosts = document.querySelectorAll('[data-furlib-group="' + group + '"]');
      for (const h of hosts) {
        const target = h.querySelector('button:not([disabled]), [tabindex="0"]');
        if (target && target.offsetParent !== null) { target.focus({ preventScroll: true }); return; }
      }
    });
  }
  const onVersion = () => { setBusy(false); keepFocus(); };
  const onMsg = (msg) => {
    if (!msg || msg.event !== "done") return;
    setBusy(false);
    if (group) window.dispatchEvent(new CustomEvent("furlib-free", { detail: group }));
    keepFocus();
  };
  model.on("change:version", onVersion);
  model.on("msg:custom", onMsg);
  return {
    // false (and nothing sent) for the second click of a double click; else the click is the group's last
    accept(event) {
      if (event && event.detail > 1) return false;
      const now = performance.now();
      const x = event ? event.clientX : 0, y = event ? event.clientY : 0;
      const last = group ? clicks[group] : null;
      if (last && now - last.time < DOUBLE_CLICK_MS && Math.abs(x - last.x) <= 8 && Math.abs(y - last.y) <= 8) {
        return false;
      }
      if (group) clicks[group] = { time: now, x: x, y: y, focusKept: false };
      return true;
    },
    announce() { if (group) window.dispatchEvent(new CustomEvent("furlib-busy", { detail: group })); },
    stop() {
      window.removeEventListener("furlib-busy", onBusy);
      window.removeEventListener("furlib-free", onFree);
      model.off("change:version", onVersion);
      model.off("msg:custom", onMsg);
    },
  };
}
""" % (DOUBLE_CLICK_MS, WORKING_MS)  # noqa: UP031 - braces of the JavaScript would all need doubling in an f-string
