"""Clickable widgets that know which moment of the game a click was made on.

An ipywidgets ``Button`` sends a bare "clicked": a double click sends two
clicks before the kernel has answered the first, and the kernel cannot tell
that the second was made on a state that has changed since. The two widgets
here are small anywidgets that close that gap:

* each carries the ``version`` of the view it shows (the app raises it at
  every redraw) and sends it with a click; a click whose version is not the
  current one is *stale* and runs the ``on_stale`` callbacks instead of the
  ``on_click`` ones;
* in the browser a click disables the widget at once (and every widget of
  the same ``group``) until the kernel has answered (a "done" message after
  the handlers, or a new version): no second click can leave while the
  first is in flight.

:class:`ActionButton` is a button (``description``, ``tooltip``,
``disabled``, ``button_style``, ``icon`` like ``ipywidgets.Button``);
:class:`ClickableHTML` shows HTML (like ``ipywidgets.HTML``) and makes some
of its elements clickable, e.g. the dice of a game view. From Python,
``click()`` runs the handlers at once, as a click on the moment shown.

This module imports ipywidgets and anywidget; ``import furlib`` never imports it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import anywidget
import traitlets
from ipywidgets import CallbackDispatcher

__all__ = ["ActionButton", "ClickableHTML", "BUTTON_STYLES", "DOUBLE_CLICK_MS", "WORKING_MS"]

#: The ``button_style`` values (ipywidgets' names); "" is the plain button.
BUTTON_STYLES = ("", "primary", "success", "info", "warning", "danger")

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
_BUSY_JS = r"""
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

_BUTTON_ESM = _BUSY_JS + r"""
function render({ model, el }) {
  const button = document.createElement("button");
  button.type = "button";
  el.classList.add("furlib-button-host");
  el.appendChild(button);
  let busy = false;
  function draw() {
    const style = model.get("button_style");
    const classes = ["jupyter-widgets", "jupyter-button", "widget-button", "furlib-action-button"];
    if (style) classes.push("mod-" + style);
    if (busy) classes.push("furlib-busy");
    button.className = classes.concat(model.get("_dom_classes")).join(" ");
    // busy is not "disabled": a disabled button loses the keyboard focus
    button.disabled = model.get("disabled");
    button.setAttribute("aria-disabled", busy ? "true" : "false");
    button.setAttribute("aria-busy", busy ? "true" : "false");
    const tip = model.get("tooltip");
    if (tip) button.title = tip; else button.removeAttribute("title");
    button.textContent = "";
    const icon = model.get("icon");
    if (icon) {
      const i = document.createElement("i");
      i.className = "fa fa-" + icon;
      i.setAttribute("aria-hidden", "true");
      button.appendChild(i);
      if (model.get("description")) button.appendChild(document.createTextNode(" "));
    }
    button.appendChild(document.createTextNode(model.get("description")));
  }
  function setBusy(value) { if (busy !== value) { busy = value; draw(); } }
  const channel = busyChannel(model, setBusy, el);
  button.addEventListener("click", (event) => {
    event.preventDefault();
    if (busy || model.get("disabled") || !channel.accept(event)) return;
    setBusy(true);
    channel.announce();
    model.send({ event: "click", version: model.get("version") });
  });
  const redraw = () => draw();
  model.on("change", redraw);
  draw();
  return () => { model.off("change", redraw); channel.stop(); };
}
export default { render };
"""

_BUTTON_CSS = r"""
.furlib-button-host { display: inline-flex; margin: var(--jp-widgets-margin, 2px); }
.furlib-button-host > button.furlib-action-button {
  width: 100%; min-width: 84px; height: var(--jp-widgets-inline-height, 28px); white-space: nowrap;
}
.furlib-button-host > button.furlib-action-button.furlib-busy { cursor: progress; opacity: 0.75; }
"""

_HTML_ESM = _BUSY_JS + r"""
function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "furlib-clickable-root";
  el.appendChild(root);
  let busy = false;
  function fire(key, event) {
    if (busy || !(key in model.get("targets")) || !channel.accept(event)) return;
    setBusy(true);
    channel.announce();
    model.send({ event: "click", key: key, version: model.get("version") });
  }
  function refuse(key, event) {
    // a click on an element that cannot be used now: the kernel says why (nothing is played)
    if (busy || !channel.accept(event)) return;
    model.send({ event: "refused", key: key, version: model.get("version") });
  }
  function mark() {
    root.classList.toggle("furlib-busy", busy);
    for (const node of root.querySelectorAll(".furlib-clickable")) {
      node.setAttribute("tabindex", busy ? "-1" : "0");
      node.setAttribute("aria-disabled", busy ? "true" : "false");
    }
  }
  function draw() {
    const focused = document.activeElement;
    const focusedKey = focused && root.contains(focused) ? focused.dataset.furlibTarget : undefined;
    root.innerHTML = model.get("value");
    const selector = model.get("selector");
    const attribute = model.get("key");
    if (selector && attribute) {
      const targets = model.get("targets");
      for (const node of root.querySelectorAll(selector)) {
        const key = node.getAttribute(attribute);
        if (key === null) continue;
        if (!(key in targets)) {
          node.addEventListener("click", (event) => { event.preventDefault(); refuse(key, event); });
          continue;
        }
        node.classList.add("furlib-clickable");
        node.setAttribute("role", "button");
        node.setAttribute("aria-label", targets[key]);
        node.dataset.furlibTarget = key;
        node.addEventListener("click", (event) => { event.preventDefault(); fire(key, event); });
        node.addEventListener("keydown", (event) => {
          if (event.key === "Enter" || event.key === " ") { event.preventDefault(); fire(key, null); }
        });
      }
    }
    mark();
    if (focusedKey !== undefined) {  // the focus stays on the same element when it is still clickable
      const again = [...root.querySelectorAll(".furlib-clickable")].find((n) => n.dataset.furlibTarget === focusedKey);
      if (again) again.focus({ preventScroll: true });
    }
  }
  function setBusy(value) { if (busy !== value) { busy = value; mark(); } }
  const channel = busyChannel(model, setBusy, el);
  const redraw = () => draw();
  model.on("change:value", redraw);
  model.on("change:targets", redraw);
  model.on("change:selector", redraw);
  model.on("change:key", redraw);
  draw();
  return () => {
    for (const name of ["value", "targets", "selector", "key"]) model.off("change:" + name, redraw);
    channel.stop();
  };
}
export default { render };
"""

_HTML_CSS = r"""
.furlib-clickable {
  cursor: pointer; border-radius: 8px;
  outline: 2px dashed var(--jp-brand-color1, #1976d2); outline-offset: 2px;
}
.furlib-clickable:hover, .furlib-clickable:focus-visible {
  outline: 3px solid var(--jp-brand-color1, #1976d2);
}
.furlib-clickable-root.furlib-busy .furlib-clickable { cursor: progress; opacity: 0.8; }
"""


class _Versioned(anywidget.AnyWidget):
    """What both widgets share: the version, the group, and click/stale callbacks."""

    version = traitlets.Int(0, help="The moment shown; a click carries it back").tag(sync=True)
    group = traitlets.Unicode("", help="Widgets of one group are busy together after a click").tag(sync=True)

    def __init__(self, **kwargs: Any):
        super().__init__(**kwargs)
        self._click_handlers = CallbackDispatcher()
        self._stale_handlers = CallbackDispatcher()
        self._refused_handlers = CallbackDispatcher()
        self.on_msg(self._handle_message)

    def on_stale(self, callback: Callable[..., Any], remove: bool = False) -> None:
        """Run ``callback(widget)`` when a click made on an earlier version arrives (instead of the click)."""
        self._stale_handlers.register_callback(callback, remove=remove)

    def _handle_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not isinstance(content, dict) or content.get("event") not in ("click", "refused"):
            return
        try:
            version = content.get("version")
            if version != self.version:
                self._stale_handlers(self)
            elif content["event"] == "refused":
                self._refused(content)
            else:
                self._clicked(content)
        finally:
            self.send({"event": "done"})

    def _clicked(self, content: dict[Any, Any]) -> None:
        raise NotImplementedError

    def _refused(self, content: dict[Any, Any]) -> None:
        """A click on something that cannot be clicked now (only :class:`ClickableHTML` sends one)."""


class ActionButton(_Versioned):
    """A button whose clicks carry the version they were made on (see the module docstring).

    Parameters are traits, as for ``ipywidgets.Button``: ``description``,
    ``tooltip``, ``disabled``, ``button_style`` (one of :data:`BUTTON_STYLES`),
    ``icon`` (a Font Awesome name), plus ``version`` and ``group``. Classes
    added with ``add_class`` go on the ``<button>`` element itself.

    Examples
    --------
    >>> b = ActionButton(description="Roll")
    >>> clicks = []
    >>> b.on_click(lambda button: clicks.append(button.description))
    >>> b.click()
    >>> clicks
    ['Roll']
    """

    _esm = _BUTTON_ESM
    _css = _BUTTON_CSS

    description = traitlets.Unicode("").tag(sync=True)
    tooltip = traitlets.Unicode("").tag(sync=True)
    disabled = traitlets.Bool(False).tag(sync=True)
    button_style = traitlets.Enum(BUTTON_STYLES, default_value="").tag(sync=True)
    icon = traitlets.Unicode("").tag(sync=True)

    def on_click(self, callback: Callable[..., Any], remove: bool = False) -> None:
        """Run ``callback(button)`` on every click that is not stale (and on :meth:`click`)."""
        self._click_handlers.register_callback(callback, remove=remove)

    def click(self) -> None:
        """Click from Python: run the click callbacks now, as a click on the moment shown."""
        self._click_handlers(self)

    def _clicked(self, content: dict[Any, Any]) -> None:
        self._click_handlers(self)

    def __repr__(self) -> str:
        return f"ActionButton(description={self.description!r}, disabled={self.disabled})"


class ClickableHTML(_Versioned):
    """HTML (like ``ipywidgets.HTML``) whose elements matching ``selector`` can be clicked.

    An element is clickable when its attribute ``key`` holds one of the keys
    of ``targets`` (``{key: words for a screen reader}``); a click sends that
    key. Clickable elements get the class ``furlib-clickable``, a button
    role and a keyboard focus (Enter or Space clicks). A click on an element
    that matches ``selector`` but is not a target now is *refused*: it runs
    the ``on_refused`` callbacks with its key (an app says why nothing
    happened), and never the ``on_click`` ones.

    Examples
    --------
    >>> view = ClickableHTML(value='<svg data-die="0"></svg>', selector="svg[data-die]", key="data-die")
    >>> view.targets = {"0": "Raise die 1"}
    >>> clicked = []
    >>> view.on_click(lambda widget, key: clicked.append(key))
    >>> refused = []
    >>> view.on_refused(lambda widget, key: refused.append(key))
    >>> view.click("0")
    >>> view.click("1")            # not a target now: refused, nothing is played
    >>> clicked, refused
    (['0'], ['1'])
    """

    _esm = _HTML_ESM
    _css = _HTML_CSS

    value = traitlets.Unicode("").tag(sync=True)
    selector = traitlets.Unicode("").tag(sync=True)
    key = traitlets.Unicode("").tag(sync=True)
    targets = traitlets.Dict(value_trait=traitlets.Unicode()).tag(sync=True)

    def on_click(self, callback: Callable[..., Any], remove: bool = False) -> None:
        """Run ``callback(widget, key)`` on every click on a target that is not stale."""
        self._click_handlers.register_callback(callback, remove=remove)

    def on_refused(self, callback: Callable[..., Any], remove: bool = False) -> None:
        """Run ``callback(widget, key)`` on a click (not stale) on an element that is not a target now."""
        self._refused_handlers.register_callback(callback, remove=remove)

    def click(self, key: str) -> None:
        """Click the element with this key from Python: the click callbacks for a target, else the refused ones."""
        if str(key) in self.targets:
            self._click_handlers(self, str(key))
        else:
            self._refused_handlers(self, str(key))

    def _clicked(self, content: dict[Any, Any]) -> None:
        self.click(str(content.get("key")))

    def _refused(self, content: dict[Any, Any]) -> None:
        self.click(str(content.get("key")))

    def __repr__(self) -> str:
        return f"ClickableHTML(targets={sorted(self.targets)})"
